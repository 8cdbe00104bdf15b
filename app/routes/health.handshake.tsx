import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { pageAccess, PUBLIC_PAGE, pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { pageStrings, serverT } from '~/modules/i18n/translations.server';
import { requireUserType } from '~/modules/access/shopper.server';
import { withHeaders } from '~/modules/http/api.server';
import { consumeHandshake } from '~/modules/pharmacy/health-handshake.server';
import { healthSessionCookie } from '~/modules/pharmacy/health-session.server';
import { HANDSHAKE_FAILURES, HEALTH_DASHBOARD_PATH, PHARMACY_PATH } from '~/modules/pharmacy/pharmacy-rules';

/**
 * The health area's entry: consumes the one-time token once, sets the health session and moves on to
 * the dashboard (so the token never stays in the address bar). A used, expired or altered token gets
 * a page that offers to start again.
 */
export const access = pageAccess({ allowedUserTypes: PUBLIC_PAGE, redirections: { DEFAULT: '/' } });
export const handle = { access };

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const result = await consumeHandshake(new URL(request.url).searchParams.get('token'));
  const headers = withHeaders(shopper.headers, { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });
  if (result.ok) {
    headers.append('Set-Cookie', await healthSessionCookie(result.customerId, shopper));
    return redirect(HEALTH_DASHBOARD_PATH, { headers });
  }
  // The failures' words (pharmacy-rules.ts) are keys in health.json.
  const t = serverT(shopper.language, 'health');
  const failure = HANDSHAKE_FAILURES[result.reason];
  return json(
    {
      failure: { title: t(failure.title), message: t(failure.message) },
      i18n: pageStrings(shopper.language, ['health']),
    },
    { status: result.reason === 'invalid' ? 400 : 410, headers },
  );
}

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(
    t('Health dashboard'),
    t('Opening the health dashboard did not work; try again from the pharmacy page.'),
  );
};

export default function HealthHandshakePage() {
  const { failure } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div className="container-page max-w-xl py-10">
      <div className="card p-6">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand">{t('Health')}</p>
        <h1 className="mt-1 text-2xl font-extrabold">{failure.title}</h1>
        <p role="alert" className="mt-3 text-stone-700" data-testid="handshake-refused">
          {failure.message}
        </p>
        <Link to={PHARMACY_PATH} className="btn-primary mt-5">
          {t('Start again')}
        </Link>
      </div>
    </div>
  );
}
