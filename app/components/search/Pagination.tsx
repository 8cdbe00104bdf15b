import { Link } from '@remix-run/react';
import { useT } from '~/components/page-essentials';

/** Previous / numbered / next links; the current page is marked with aria-current. */
export function Pagination({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  const t = useT();
  if (pageCount <= 1) return null;
  const pages = new Set([1, pageCount, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pageCount));
  const sorted = [...pages].sort((a, b) => a - b);
  const cell = 'grid h-10 min-w-10 place-items-center rounded-full px-3 text-sm font-semibold';
  return (
    <nav aria-label={t('Pages')} className="mt-8 flex justify-center">
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          {page > 1 ? (
            <Link to={hrefFor(page - 1)} className={`${cell} hover:bg-stone-100`} rel="prev">
              ‹ {t('Previous')}
            </Link>
          ) : null}
        </li>
        {sorted.map((p, index) => (
          <li key={p} className="flex items-center gap-1">
            {index > 0 && p - sorted[index - 1]! > 1 ? (
              <span aria-hidden="true" className="px-1 text-stone-500">
                …
              </span>
            ) : null}
            <Link
              to={hrefFor(p)}
              aria-current={p === page ? 'page' : undefined}
              aria-label={t('Page {{page}}', { page: p })}
              className={`${cell} ${p === page ? 'bg-brand text-white' : 'hover:bg-stone-100'}`}
            >
              {p}
            </Link>
          </li>
        ))}
        <li>
          {page < pageCount ? (
            <Link to={hrefFor(page + 1)} className={`${cell} hover:bg-stone-100`} rel="next">
              {t('Next')} ›
            </Link>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
