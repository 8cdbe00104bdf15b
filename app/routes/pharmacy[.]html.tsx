import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react';
import { pageAccess, PUBLIC_PAGE, SIGN_IN_PATH, pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import type { T } from '~/modules/i18n/translate';
import { pageStrings } from '~/modules/i18n/translations.server';
import { requireUserType } from '~/modules/access/shopper.server';
import { HEALTH_SESSION_PATH, PHARMACY_CREATE_ACCOUNT_PATH, PHARMACY_PATH } from '~/modules/pharmacy/pharmacy-rules';
import { pharmacyProfile } from '~/modules/pharmacy/pharmacy.server';

/** The pharmacy landing page: what the pharmacy offers, and the way into the health dashboard. */
export const access = pageAccess({ allowedUserTypes: PUBLIC_PAGE, redirections: { DEFAULT: '/' } });
export const handle = { access };

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const signedIn = shopper.userType === 'C' && shopper.customer !== null;
  const profile = signedIn ? await pharmacyProfile(Number(shopper.customer!.customerId)) : null;
  return json(
    {
      signedIn,
      hasProfile: profile !== null,
      needsDetails: (profile?.missing.length ?? 0) > 0,
      ready: new URL(request.url).searchParams.get('ready') === '1',
      i18n: pageStrings(shopper.language, ['health']),
    },
    { headers: shopper.headers },
  );
}

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(t('Pharmacy'), t('Prescription refills, vaccines and pharmacy services at your store.'));
};

const services = (t: T) => [
  {
    title: t('Prescription refills'),
    text: t('Refill in a few taps and pick up in store, or add it to a delivery order.'),
  },
  {
    title: t('Free prescription transfers'),
    text: t('Bring your prescriptions over from another pharmacy; we do the calling.'),
  },
  {
    title: t('Vaccines and flu shots'),
    text: t('Walk in or book a time for flu, COVID-19, shingles and travel vaccines.'),
  },
  {
    title: t('Ask a pharmacist'),
    text: t('Questions about a medicine or an interaction? Our pharmacists are here to help.'),
  },
];

export default function PharmacyLandingPage() {
  const { signedIn, hasProfile, needsDetails, ready } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === 'submitting';
  const t = useT();
  return (
    <div className="container-page max-w-4xl py-8">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand">{t('Pharmacy')}</p>
      <h1 className="mt-1 text-2xl font-extrabold md:text-3xl">{t('Your pharmacy, next to your groceries')}</h1>
      {ready ? (
        <p role="status" className="mt-4 rounded-xl bg-brand-soft p-3 text-sm font-medium text-brand-dark">
          {t('Your pharmacy account is ready.')}
        </p>
      ) : null}
      <section className="card mt-6 p-6" aria-labelledby="dashboard-heading">
        <h2 id="dashboard-heading" className="text-lg font-bold">
          {t('Health dashboard')}
        </h2>
        <p className="mt-1 text-sm text-stone-700">
          {t('See your prescriptions, what is ready for pickup and how many refills are left.')}
        </p>
        {!signedIn ? (
          <Link to={`${SIGN_IN_PATH}?goto=${encodeURIComponent(PHARMACY_PATH)}`} className="btn-primary mt-4">
            {t('Sign in to see your prescriptions')}
          </Link>
        ) : !hasProfile ? (
          <Link to={`${PHARMACY_CREATE_ACCOUNT_PATH}?newPharmacyAccount=true`} className="btn-primary mt-4">
            {t('Set up your pharmacy account')}
          </Link>
        ) : needsDetails ? (
          <Link to={`${PHARMACY_CREATE_ACCOUNT_PATH}?progProfUser=true`} className="btn-primary mt-4">
            {t('Complete your pharmacy profile')}
          </Link>
        ) : (
          // A full page load, as into a separate app: exactly one request carries the one-time token.
          <Form method="post" action={HEALTH_SESSION_PATH} className="mt-4" reloadDocument>
            <button type="submit" className="btn-primary" disabled={busy}>
              {busy ? t('Opening…') : t('Open your health dashboard')}
            </button>
          </Form>
        )}
      </section>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2">
        {services(t).map((service) => (
          <li key={service.title} className="card p-5">
            <h2 className="font-bold">{service.title}</h2>
            <p className="mt-1 text-sm text-stone-700">{service.text}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
