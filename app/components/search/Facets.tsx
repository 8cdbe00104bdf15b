import { Link } from '@remix-run/react';
import { useT } from '~/components/page-essentials';
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
  const t = useT();
  if (options.length === 0) return null;
  return (
    <fieldset className="border-t border-stone-200 py-3 first:border-t-0">
      <legend className="float-left mb-2 w-full text-sm font-bold text-stone-900">{t(title)}</legend>
      <ul className="clear-left space-y-0.5 text-sm">
        {options.map((option) => (
          <li key={option.value}>
            {/* The box before the label and the look are `.facet` (app/tailwind.css). These
                links lead to the listing's own route, so there is nothing to discover. */}
            <Link
              to={hrefWith({
                [param]: option.toggled !== undefined ? option.toggled || null : option.selected ? null : option.value,
              })}
              preventScrollReset
              discover="none"
              aria-current={option.selected ? 'true' : undefined}
              className="facet"
            >
              {option.label}
              {option.selected ? <span className="sr-only"> {t('(selected, select to remove)')}</span> : null}
              <span>{` ${option.count.toLocaleString('en-US')}`}</span>
            </Link>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** Facet links: each adds or removes one filter; they work the same with or without JavaScript. */
/** A filter of one option (offer=1, snap=1), shown while it matches something or is on. */
const oneOption = (label: string, facet: { count: number; selected: boolean }) =>
  facet.count > 0 || facet.selected ? [{ value: '1', label, ...facet }] : [];

export function FacetPanel({
  facets,
  hrefWith,
  hide = [],
}: {
  facets: ProductResults['facets'];
  hrefWith: HrefWith;
  hide?: ('department' | 'brand')[];
}) {
  const t = useT();
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
        options={oneOption(t('On offer this week'), facets.onOffer)}
        param="offer"
        hrefWith={hrefWith}
      />
      <FacetGroup
        title="SNAP EBT"
        options={oneOption(t('SNAP eligible'), facets.snap)}
        param="snap"
        hrefWith={hrefWith}
      />
      <FacetGroup title="Free from" options={facets.freeFrom} param="free" hrefWith={hrefWith} />
      <FacetGroup title="Nutrition per serving" options={facets.nutrition} param="nutrition" hrefWith={hrefWith} />
      <FacetGroup title="Dietary" options={facets.diets} param="diet" hrefWith={hrefWith} />
      <FacetGroup title="Price" options={facets.prices} param="price" hrefWith={hrefWith} />
    </div>
  );
}
