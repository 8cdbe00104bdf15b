import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { pageAccess, pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { pageStrings } from '~/modules/i18n/translations.server';
import { requireUserType } from '~/modules/access/shopper.server';
import { currentStore } from '~/modules/stores/current-store.server';
import { summarizeStore } from '~/modules/stores/store-resolver.server';

/** The delivery-preference welcome page: shown after a shopper picks delivery. */
export const access = pageAccess({
  allowedUserTypes: ['G', 'R', 'C'],
  redirections: { DEFAULT: '/set-store.html?preference=Delivery' },
  escapeSSO: true,
});
export const handle = { access };

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const store = summarizeStore(await currentStore(shopper));
  const common = shopper.session?.info.COMMON;
  return json(
    {
      store,
      preference: common?.preference ?? null,
      zipcode: common?.zipcode ?? null,
      i18n: pageStrings(shopper.language, ['orders']),
    },
    { headers: shopper.headers },
  );
}

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(
    t('Welcome to delivery'),
    t('How grocery delivery works: fill your cart, pick a window, we bring it.'),
  );
};

const STEPS = [
  { title: 'Fill your cart', body: 'Prices and stock are for the store that delivers to you.' },
  { title: 'Pick a delivery window', body: 'One- and two-hour windows for the next 7 days.' },
  { title: 'We shop and deliver', body: 'Our shoppers pick the freshest items and bring them to your door.' },
];

export default function DeliveryWelcomePage() {
  const { store, preference, zipcode } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div className="container-page max-w-3xl py-10">
      <div className="card overflow-hidden">
        <div className="bg-brand-soft p-6">
          <h1 className="text-2xl font-extrabold md:text-3xl">
            {preference === 'Delivery'
              ? t('Delivery to {{zipcode}} is set', { zipcode: zipcode ?? '' })
              : t('You can switch to delivery any time')}
          </h1>
          <p className="mt-2 text-stone-700">
            {preference === 'Delivery'
              ? t('{{store}} delivers your order.', { store: store.name })
              : t('{{store}} is your store.', { store: store.name })}{' '}
            {store.capabilities.rushDelivery ? t('Rush delivery is available too.') : null}
          </p>
        </div>
        <ol className="grid gap-4 p-6 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title}>
              <span className="grid h-8 w-8 place-items-center rounded-full bg-brand font-bold text-white">
                {index + 1}
              </span>
              <h2 className="mt-2 font-bold">{t(step.title)}</h2>
              <p className="text-sm text-stone-600">{t(step.body)}</p>
            </li>
          ))}
        </ol>
        <div className="flex flex-wrap gap-3 border-t border-stone-200 p-6">
          <Link to="/" className="btn-primary px-6 py-3">
            {t('Start shopping')}
          </Link>
          <Link to="/set-store.html" className="btn-outline px-6 py-3">
            {t('Change store or method')}
          </Link>
        </div>
      </div>
    </div>
  );
}
