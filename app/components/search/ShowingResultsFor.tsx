import { Link } from '@remix-run/react';
import { useT } from '~/components/page-essentials';

/**
 * "Showing results for …. Search instead for …": shown when a page searched other words than the
 * shopper typed — spelling-corrected, or relaxed because the words as typed found nothing.
 */
export function ShowingResultsFor({
  query,
  exactHref,
}: {
  query: { text: string; correctedText: string | null; relaxedText: string | null };
  /** The search for the words as typed (spell=off: neither corrected nor relaxed). */
  exactHref: string;
}) {
  const t = useT();
  const instead = query.relaxedText ?? query.correctedText;
  if (!instead) return null;
  return (
    <p className="mt-1 text-sm text-stone-700" data-testid="spelling">
      {query.relaxedText ? <>{t('Nothing matches “{{query}}”.', { query: query.text })} </> : null}
      {t('Showing results for')} <strong>{instead}</strong>. {t('Search instead for')}{' '}
      <Link to={exactHref} className="font-semibold text-brand-dark underline">
        {query.text}
      </Link>
    </p>
  );
}
