import { useT } from '~/components/page-essentials';
import { formatCents } from '~/components/page-essentials';
import type { WeeklyAdDepartment } from '~/modules/weekly-ad/weekly-ad.server';

/** The ad as a printable list: one table per department, no pictures or buttons. */
export function AdPrintList({ departments }: { departments: WeeklyAdDepartment[] }) {
  const t = useT();
  return (
    <div className="mt-4 space-y-6">
      {departments.map((department) => (
        <table key={department.slug} className="w-full border-collapse text-sm">
          <caption className="py-2 text-left text-base font-bold">{t(department.name)}</caption>
          <thead>
            <tr className="border-b-2 border-stone-800 text-left">
              <th scope="col" className="py-1 pr-2">
                {t('Item')}
              </th>
              <th scope="col" className="py-1 pr-2">
                {t('Deal')}
              </th>
              <th scope="col" className="py-1 pr-2 text-right">
                {t('Price')}
              </th>
              <th scope="col" className="py-1 text-right">
                {t('Regular')}
              </th>
            </tr>
          </thead>
          <tbody>
            {department.items.map((item) => (
              <tr key={item.dealId} className="border-b border-stone-300 align-top">
                <th scope="row" className="py-1 pr-2 text-left font-medium">
                  {item.product.name}
                  {item.thisStoreOnly ? ` (${t('only at this store')})` : ''}
                </th>
                <td className="py-1 pr-2">{item.headline}</td>
                <td className="py-1 pr-2 text-right font-bold">{formatCents(item.salePriceCents)}</td>
                <td className="py-1 text-right">{formatCents(item.regularCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}
