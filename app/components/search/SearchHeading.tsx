import { Link } from '@remix-run/react';

/** The search page's breadcrumb, heading, spelling correction and store line: links and text (an island). */
export function SearchHeading({
  heading,
  text,
  correctedText,
  originalHref,
  storeName,
}: {
  heading: string;
  text: string;
  correctedText: string | null;
  /** The search for the words as typed (spelling correction off). */
  originalHref: string;
  storeName: string;
}) {
  return (
    <>
      <nav aria-label="Breadcrumb" className="text-sm text-stone-600">
        <ol className="flex flex-wrap gap-1">
          <li>
            <Link to="/" className="hover:text-brand hover:underline">
              Home
            </Link>{' '}
            /
          </li>
          <li>
            <Link to={`/shop/aisles.html`} className="hover:text-brand hover:underline">
              Aisles
            </Link>{' '}
            /
          </li>
          <li aria-current="page">{text ? 'Search' : heading}</li>
        </ol>
      </nav>
      <h1 className="mt-2 text-2xl font-extrabold md:text-3xl">{heading}</h1>
      {correctedText ? (
        <p className="mt-1 text-sm text-stone-700" data-testid="spelling">
          Showing results for <strong>{correctedText}</strong>. Search instead for{' '}
          <Link to={originalHref} className="font-semibold text-brand-dark underline">
            {text}
          </Link>
        </p>
      ) : null}
      <p className="mt-1 text-sm text-stone-600">
        Prices and availability at {storeName}.{' '}
        <Link to="/set-store.html" className="font-semibold text-brand-dark underline">
          Change store
        </Link>
      </p>
    </>
  );
}
