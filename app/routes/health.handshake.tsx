import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { pageAccess, PUBLIC_PAGE, pageMeta } from '~/components/page-essentials';
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
  return json({ reason: result.reason }, { status: result.reason === 'invalid' ? 400 : 410, headers });
}

export const meta: MetaFunction = () =>
  pageMeta('Health dashboard', 'Opening the health dashboard did not work; try again from the pharmacy page.');

export default function HealthHandshakePage() {
  const { reason } = useLoaderData<typeof loader>();
  const failure = HANDSHAKE_FAILURES[reason];
  return (
    <div className="container-page max-w-xl py-10">
      <div className="card p-6">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand">Health</p>
        <h1 className="mt-1 text-2xl font-extrabold">{failure.title}</h1>
        <p role="alert" className="mt-3 text-stone-700" data-testid="handshake-refused">
          {failure.message}
        </p>
        <Link to={PHARMACY_PATH} className="btn-primary mt-5">
          Start again
        </Link>
      </div>
    </div>
  );
}
