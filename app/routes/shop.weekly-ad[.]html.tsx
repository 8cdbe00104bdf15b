import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { pageAccess, pageMeta, PUBLIC_PAGE, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { pageStrings } from '~/modules/i18n/translations.server';
import { AdDealCard } from '~/components/weekly-ad/AdDealCard';
import { AdPrintList } from '~/components/weekly-ad/AdPrintList';
import { requireUserType } from '~/modules/access/shopper.server';
import { pageStore } from '~/modules/catalog/page-store.server';
import { parseSearchParams } from '~/modules/http/forms.server';
import { priceContextFor } from '~/modules/search/price-context.server';
import { weeklyAdAtStore } from '~/modules/weekly-ad/weekly-ad.server';

/** The weekly ad: `/shop/weekly-ad.html`, this week's deals at the shopper's store by department, or printable. */
export const access = pageAccess({ allowedUserTypes: PUBLIC_PAGE, escapeSSO: true, showZipcodeModal: true });
export const handle = { access };

const AdQuery = z.object({
  department: z
    .string()
    .regex(/^[a-z0-9-]{1,60}$/, 'That department is not one we know. Choose one from the weekly ad.')
    .optional(),
  view: z.enum(['print'], { message: 'The weekly ad has a normal and a printable view only.' }).optional(),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const query = parseSearchParams(request, AdQuery, shopper.language);
  const { store, headerStore } = await pageStore(shopper);
  const ad = await weeklyAdAtStore(
    store,
    priceContextFor(store, store.banner_id),
    query.department ?? null,
    new Date(),
    shopper.language,
  );
  return json(
    {
      ad,
      department: query.department ?? null,
      print: query.view === 'print',
      store: { name: store.name, address: `${store.address1}, ${store.city}, ${store.state} ${store.zipcode}` },
      headerStore,
      i18n: pageStrings(shopper.language, ['shop']),
    },
    { headers: shopper.headers },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(
    data ? t('Weekly ad at {{store}}', { store: data.store.name }) : t('Weekly ad'),
    t("This week's sale prices and deals at your store, by department, ready to add to your cart or print."),
  );
};

export default function WeeklyAdPage() {
  const { ad, department, print, store } = useLoaderData<typeof loader>();
  const t = useT();
  const chosen = department ? ad.departments.find((d) => d.slug === department) : null;
  const shown = ad.departments.filter((d) => d.items.length > 0);
  return (
    <div className="container-page py-6 md:py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold md:text-3xl">{t('Weekly ad')}</h1>
          <p className="mt-1 text-stone-700">
            <span className="font-semibold">{store.name}</span>
            <span className="hidden print:inline">, {store.address}</span>
          </p>
          <p className="text-sm font-semibold text-stone-800" data-testid="ad-dates">
            {t('Prices valid {{dates}}', { dates: ad.week.label })}
          </p>
        </div>
        <p className="flex flex-wrap gap-2 print:hidden">
          {print ? (
            <Link to={department ? `?department=${department}` : '?'} className="btn-outline">
              {t('Back to the ad')}
            </Link>
          ) : (
            <Link to={department ? `?department=${department}&view=print` : '?view=print'} className="btn-outline">
              {t('Printable list')}
            </Link>
          )}
          <Link to="/set-store.html" className="btn-outline">
            {t('Change store')}
          </Link>
        </p>
      </div>
      {print ? (
        <p className="mt-2 text-sm text-stone-600 print:hidden">
          {t("Use your browser's Print command to print this list.")}
        </p>
      ) : null}

      {ad.itemCount === 0 ? (
        <p className="card mt-6 p-6 text-stone-700" data-testid="ad-empty">
          {t("This week's ad is not out yet at {{store}}. A new ad starts every Wednesday.", { store: store.name })}
        </p>
      ) : (
        <>
          <nav aria-label={t('Weekly ad departments')} className="mt-5 print:hidden">
            <ul className="flex flex-wrap gap-2 text-sm">
              <li>
                <Link
                  to={print ? '?view=print' : '?'}
                  aria-current={department === null ? 'page' : undefined}
                  className="btn-outline aria-[current=page]:bg-brand aria-[current=page]:text-white"
                >
                  {t('All departments ({{count}})', { count: ad.itemCount })}
                </Link>
              </li>
              {ad.departments.map((d) => (
                <li key={d.slug}>
                  <Link
                    to={`?department=${d.slug}${print ? '&view=print' : ''}`}
                    aria-current={department === d.slug ? 'page' : undefined}
                    className="btn-outline aria-[current=page]:bg-brand aria-[current=page]:text-white"
                  >
                    {t(d.name)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {department !== null && !chosen ? (
            <p className="card mt-6 p-6 text-stone-700" data-testid="ad-empty">
              {t('No deals in that department this week.')} <Link to="?">{t('See the whole ad')}</Link>.
            </p>
          ) : print ? (
            <AdPrintList departments={shown} />
          ) : (
            shown.map((d) => (
              <section key={d.slug} aria-labelledby={`ad-${d.slug}`} className="mt-8">
                <h2 id={`ad-${d.slug}`} className="text-xl font-bold">
                  {t(d.name)}
                </h2>
                <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
                  {d.items.map((item) => (
                    <AdDealCard key={item.dealId} item={item} />
                  ))}
                </div>
              </section>
            ))
          )}
        </>
      )}
    </div>
  );
}
