import { Form } from '@remix-run/react';
import { useHydrated, useT } from '~/components/page-essentials';
import { countLabel, SORTS, type SortId } from '~/modules/search/query';

/**
 * "N products" ("1,000+ products" above the search cap) and the sort order: a GET form carrying the other parameters as hidden fields.
 * Without JavaScript it has an Apply button; with it, choosing an order applies it. The button is hidden by CSS
 * where scripting is enabled, not left out once hydrated: the page must not move when its scripts arrive
 * after the first paint.
 */
export function ResultsToolbar({
  action,
  total,
  noun,
  sort,
  hidden,
}: {
  action: string;
  total: number;
  noun: [string, string];
  sort: SortId;
  hidden: Record<string, string | undefined>;
}) {
  const hydrated = useHydrated();
  const t = useT();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-stone-700" role="status">
        <span className="font-bold text-stone-900">{countLabel(total)}</span> {t(total === 1 ? noun[0] : noun[1])}
      </p>
      <Form method="get" action={action} preventScrollReset className="flex min-w-0 flex-wrap items-center gap-2">
        {Object.entries(hidden).map(([name, value]) =>
          value ? <input key={name} type="hidden" name={name} value={value} /> : null,
        )}
        <label htmlFor="sort" className="text-sm text-stone-700">
          {t('Sort by')}
        </label>
        <select
          id="sort"
          name="sort"
          defaultValue={sort}
          key={sort}
          onChange={hydrated ? (event) => event.currentTarget.form?.requestSubmit() : undefined}
          className="min-w-0 max-w-full rounded-lg border border-stone-300 bg-white px-2 py-1.5 text-sm"
        >
          {SORTS.map((option) => (
            <option key={option.id} value={option.id}>
              {t(option.label)}
            </option>
          ))}
        </select>
        <button type="submit" className="btn-outline px-3 py-1.5 scripted:hidden">
          {t('Apply')}
        </button>
      </Form>
    </div>
  );
}
