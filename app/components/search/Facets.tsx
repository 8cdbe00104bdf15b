import { Link } from '@remix-run/react';
import type { FacetOption, ProductResults } from '~/modules/search/search.server';

/** Builds the URL of the same listing with one parameter changed (and back to page 1). */
export type HrefWith = (changes: Record<string, string | null>) => string;

export function FacetGroup({
  title,
  options,
  param,
  hrefWith,
}: {
  title: string;
  options: FacetOption[];
  param: string;
  hrefWith: HrefWith;
}) {
  if (options.length === 0) return null;
  return (
    <fieldset className="border-t border-stone-200 py-3 first:border-t-0">
      <legend className="float-left mb-2 w-full text-sm font-bold text-stone-900">{title}</legend>
      <ul className="clear-left space-y-0.5 text-sm">
        {options.map((option) => (
          <li key={option.value}>
            <Link
              to={hrefWith({ [param]: option.selected ? null : option.value })}
              preventScrollReset
              aria-current={option.selected ? 'true' : undefined}
              className={`flex items-center justify-between gap-2 rounded-lg px-2 py-1.5 hover:bg-stone-100 ${
                option.selected ? 'bg-brand-soft font-semibold text-brand-dark' : 'text-stone-700'
              }`}
            >
              <span className="flex items-center gap-2">
                <span
                  aria-hidden="true"
                  className={`grid h-4 w-4 shrink-0 place-items-center rounded border text-[10px] ${
                    option.selected ? 'border-brand bg-brand text-white' : 'border-stone-400 bg-white'
                  }`}
                >
                  {option.selected ? '✓' : ''}
                </span>
                {option.label}
                {option.selected ? <span className="sr-only"> (selected, select to remove)</span> : null}
              </span>{' '}
              <span className="text-xs text-stone-600">{option.count.toLocaleString('en-US')}</span>
            </Link>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** Facet links: each adds or removes one filter; they work the same with or without JavaScript. */
export function FacetPanel({
  facets,
  hrefWith,
  hide = [],
}: {
  facets: ProductResults['facets'];
  hrefWith: HrefWith;
  hide?: ('department' | 'brand')[];
}) {
  return (
    <div>
      {hide.includes('department') ? null : (
        <>
          <FacetGroup
            title="Department"
            options={facets.departments}
            param="department"
            hrefWith={(changes) => hrefWith({ ...changes, aisle: null })}
          />
          <FacetGroup title="Aisle" options={facets.aisles} param="aisle" hrefWith={hrefWith} />
        </>
      )}
      {hide.includes('brand') ? null : (
        <FacetGroup title="Brand" options={facets.brands} param="brand" hrefWith={hrefWith} />
      )}
      <FacetGroup
        title="On offer"
        options={[
          {
            value: '1',
            label: 'On offer this week',
            count: facets.onOffer.count,
            selected: facets.onOffer.selected,
          },
        ].filter((option) => option.count > 0 || option.selected)}
        param="offer"
        hrefWith={hrefWith}
      />
      <FacetGroup title="Dietary" options={facets.diets} param="diet" hrefWith={hrefWith} />
      <FacetGroup title="Price" options={facets.prices} param="price" hrefWith={hrefWith} />
    </div>
  );
}
