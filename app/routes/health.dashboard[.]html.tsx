import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { pageAccess, PUBLIC_PAGE, pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import type { T } from '~/modules/i18n/translate';
import { pageStrings } from '~/modules/i18n/translations.server';
import { requireUserType } from '~/modules/access/shopper.server';
import { withHeaders } from '~/modules/http/api.server';
import { assertSameOrigin, refuseLargeBody } from '~/modules/http/forms.server';
import { clearHealthSession, readHealthSession } from '~/modules/pharmacy/health-session.server';
import { PHARMACY_PATH } from '~/modules/pharmacy/pharmacy-rules';
import { customerPrescriptions } from '~/modules/pharmacy/pharmacy.server';
import { formatDayIn } from '~/modules/subscriptions/subscription-rules';

/**
 * Spec section 2: the health pharmacy dashboard. It is its own area: it shows a customer's
 * prescriptions only with the health session a handshake set, never from the storefront cookies alone.
 */
export const access = pageAccess({ allowedUserTypes: PUBLIC_PAGE, redirections: { DEFAULT: '/' } });
export const handle = { access };

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const session = await readHealthSession(request, shopper);
  const headers = withHeaders(shopper.headers, { 'Cache-Control': 'private, no-store' });
  const i18n = pageStrings(shopper.language, ['health']);
  if (!session.customerId) {
    if (session.present) headers.append('Set-Cookie', await clearHealthSession(shopper));
    return json({ signedIn: false as const, firstName: '', prescriptions: [], i18n }, { status: 401, headers });
  }
  const prescriptions = (await customerPrescriptions(session.customerId)).map((rx) => ({
    ...rx,
    lastFilledLabel: rx.lastFilledAt ? formatDayIn(shopper.language, rx.lastFilledAt) : null,
  }));
  return json(
    { signedIn: true as const, firstName: shopper.customer?.firstName ?? '', prescriptions, i18n },
    { headers },
  );
}

/** Leaves the health area (the storefront stays signed in). */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  refuseLargeBody(request);
  const shopper = await requireUserType(request, access);
  const headers = new Headers(shopper.headers);
  headers.append('Set-Cookie', await clearHealthSession(shopper));
  return redirect(PHARMACY_PATH, { headers });
}

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(t('Health dashboard'), t('Your prescriptions, refills and pharmacy pickups in one place.'));
};

const STATUS_STYLES: Record<string, string> = {
  'Ready for pickup': 'bg-green-100 text-green-900',
  'Refill due': 'bg-amber-100 text-amber-900',
};

/** The pharmacy's status words (stored in English); one it has not named yet shows as stored. */
const statusWords = (t: T): Record<string, string> => ({
  'Ready for pickup': t('Ready for pickup'),
  'Refill due': t('Refill due'),
  'No refills left': t('No refills left'),
});

export default function HealthDashboardPage() {
  const { signedIn, firstName, prescriptions } = useLoaderData<typeof loader>();
  const t = useT();
  if (!signedIn)
    return (
      <div className="container-page max-w-xl py-10">
        <div className="card p-6">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand">{t('Health')}</p>
          <h1 className="mt-1 text-2xl font-extrabold">{t('Your health session has ended')}</h1>
          <p role="alert" className="mt-3 text-stone-700">
            {t('For your privacy the health dashboard opens only from the pharmacy page, for a short time.')}
          </p>
          <Link to={PHARMACY_PATH} className="btn-primary mt-5">
            {t('Start again')}
          </Link>
        </div>
      </div>
    );
  const statuses = statusWords(t);
  return (
    <div className="container-page max-w-3xl py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-brand">{t('Health')}</p>
          <h1 className="mt-1 text-2xl font-extrabold md:text-3xl">
            {firstName ? t("{{firstName}}'s health dashboard", { firstName }) : t('Your health dashboard')}
          </h1>
        </div>
        <Form method="post">
          <button type="submit" className="btn-outline text-sm">
            {t('Leave health dashboard')}
          </button>
        </Form>
      </div>
      <section className="mt-6" aria-labelledby="rx-heading">
        <h2 id="rx-heading" className="text-lg font-bold">
          {t('Prescriptions')}
        </h2>
        {prescriptions.length === 0 ? (
          <div
            className="mt-3 rounded-2xl border border-dashed border-stone-300 p-8 text-center"
            data-testid="rx-empty"
          >
            <p className="font-semibold">{t('No prescriptions yet.')}</p>
            <p className="mt-1 text-sm text-stone-600">
              {t('Ask your doctor to send prescriptions to your store, or transfer them from another pharmacy.')}
            </p>
          </div>
        ) : (
          <ul className="mt-3 flex flex-col gap-3">
            {prescriptions.map((rx) => (
              <li key={rx.id} className="card p-4" data-testid="prescription">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h3 className="font-bold">{rx.medication}</h3>
                  <span
                    className={`rounded-full px-3 py-1 text-xs font-semibold ${STATUS_STYLES[rx.status] ?? 'bg-stone-200 text-stone-700'}`}
                  >
                    {statuses[rx.status] ?? rx.status}
                  </span>
                </div>
                <p className="mt-1 text-sm text-stone-700">{rx.directions}</p>
                <p className="mt-2 text-xs text-stone-600">
                  {rx.rxNumber} · {t('{{count}} refills left', { count: rx.refillsLeft })}
                  {rx.lastFilledLabel ? ` · ${t('last filled {{day}}', { day: rx.lastFilledLabel })}` : ''}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
