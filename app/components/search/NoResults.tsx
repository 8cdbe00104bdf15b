import { Link } from '@remix-run/react';

/** What a listing shows when a page has nothing: links only (an island on the search page). */
export function NoResults({
  text,
  page,
  firstPage,
  noun = 'products',
}: {
  text: string;
  page: number;
  firstPage: string;
  noun?: string;
}) {
  if (page > 1) {
    return (
      <div className="card mt-4 p-6 text-center">
        <p className="font-semibold">There are no more {noun} on this page.</p>
        <Link to={firstPage} className="btn-primary mt-4">
          Back to the first page
        </Link>
      </div>
    );
  }
  return (
    <div className="card mt-4 p-6 text-center">
      <h2 className="text-lg font-bold">
        No {noun} match {text ? `“${text}”` : 'these filters'}
      </h2>
      <p className="mt-2 text-stone-600">Check the spelling, use fewer words, or remove a filter.</p>
      <Link to="/shop/aisles.html" className="btn-outline mt-4">
        Browse the aisles
      </Link>
    </div>
  );
}
