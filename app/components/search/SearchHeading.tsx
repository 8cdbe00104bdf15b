import { Link } from '@remix-run/react';
import { useT } from '~/components/page-essentials';
import { ShowingResultsFor } from './ShowingResultsFor';

/**
 * The search page's breadcrumb, heading, the words searched instead of the typed ones (corrected or
 * relaxed) and the store line: links and text (an island).
 */
export function SearchHeading({
  heading,
  query,
  originalHref,
  storeName,
}: {
  heading: string;
  query: { text: string; correctedText: string | null; relaxedText: string | null };
  /** The search for the words as typed (spelling correction and relaxing off). */
  originalHref: string;
  storeName: string;
}) {
  const t = useT();
  return (
    <>
      <nav aria-label={t('Breadcrumb')} className="text-sm text-stone-600">
        <ol className="flex flex-wrap gap-1">
          <li>
            <Link to="/" className="hover:text-brand hover:underline">
              {t('Home')}
            </Link>{' '}
            /
          </li>
          <li>
            <Link to={`/shop/aisles.html`} className="hover:text-brand hover:underline">
              {t('Aisles')}
            </Link>{' '}
            /
          </li>
          <li aria-current="page">{query.text ? t('Search') : heading}</li>
        </ol>
      </nav>
      <h1 className="mt-2 text-2xl font-extrabold md:text-3xl">{heading}</h1>
      <ShowingResultsFor query={query} exactHref={originalHref} />
      <p className="mt-1 text-sm text-stone-600">
        {t('Prices and availability at {{store}}.', { store: storeName })}{' '}
        <Link to="/set-store.html" className="font-semibold text-brand-dark underline">
          {t('Change store')}
        </Link>
      </p>
    </>
  );
}
