import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { ErrorAlert } from '~/components/Alerts';
import { CUSTOMER_ONLY, pageAccess, pageMeta, SIGN_IN_PATH, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { pageStrings, serverT } from '~/modules/i18n/translations.server';
import { requireUserType } from '~/modules/access/shopper.server';
import { withHeaders } from '~/modules/http/api.server';
import { originOf } from '~/modules/http/request-origin';
import { answerSamlRequest, readPendingSamlRequest } from '~/modules/saml/saml-sign-on.server';

/**
 * Decision 0096: a signed-in customer whose sign-in another company site asked for (a SAMLRequest on the sign-in
 * page) is handed back there: a form that posts the signed SAMLResponse to the site's registered address, sent by
 * itself when JavaScript runs, with a Continue button when it does not. A shopper not signed in signs in first.
 */
export const access = pageAccess({ allowedUserTypes: CUSTOMER_ONLY, redirections: { DEFAULT: SIGN_IN_PATH } });
export const handle = { access };

const NOTHING_WAITING = 'No sign-in from another site is waiting here. Go back to that site and start again.';

/** A signed assertion must never come from a page cache. */
export const headers: HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const noStore = { 'Cache-Control': 'no-store' };
  const pending = await readPendingSamlRequest(request, shopper.cookie);
  // The refusals (this page's and the SAML module's) are keys in account.json.
  const t = serverT(shopper.language, 'account');
  const i18n = pageStrings(shopper.language, ['account']);
  if (!pending || !shopper.customer) {
    return json(
      { ok: false as const, message: t(NOTHING_WAITING), i18n },
      { status: 400, headers: withHeaders(shopper.headers, noStore) },
    );
  }
  const answer = await answerSamlRequest(pending, Number(shopper.customer.customerId), {
    origin: originOf(request),
    context: shopper.cookie,
  });
  const headers = withHeaders(shopper.headers, noStore);
  headers.append('Set-Cookie', answer.setCookie);
  if (!answer.ok) return json({ ok: false as const, message: t(answer.message), i18n }, { status: 400, headers });
  const { acs, samlResponse, relayState, providerName } = answer;
  return json({ ok: true as const, acs, samlResponse, relayState, providerName, i18n }, { headers });
}

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(t('Returning to another site'), t('Pantry is signing you in to another of our sites.'));
};

export default function SamlContinuePage() {
  const data = useLoaderData<typeof loader>();
  const form = useRef<HTMLFormElement>(null);
  const sent = useRef(false);
  const t = useT();
  useEffect(() => {
    if (!data.ok || sent.current) return;
    sent.current = true;
    form.current?.submit();
  }, [data.ok]);
  if (!data.ok) {
    return (
      <div className="container-page max-w-md py-10">
        <div className="card p-6">
          <h1 className="text-2xl font-extrabold">{t('Nothing to continue')}</h1>
          <ErrorAlert>{data.message}</ErrorAlert>
          <Link to="/" className="btn-primary mt-4 inline-block">
            {t('Go to the home page')}
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className="container-page max-w-md py-10">
      <div className="card p-6">
        <h1 className="text-2xl font-extrabold">{t('Returning to {{provider}}', { provider: data.providerName })}</h1>
        <p className="mt-2 text-sm text-stone-600">
          {t('You are signed in. Continue to go back to {{provider}}.', { provider: data.providerName })}
        </p>
        {/* A plain form: it leaves Pantry for the other site's registered address. */}
        <form ref={form} method="post" action={data.acs} className="mt-4">
          <input type="hidden" name="SAMLResponse" value={data.samlResponse} />
          {data.relayState !== null ? <input type="hidden" name="RelayState" value={data.relayState} /> : null}
          <button type="submit" className="btn-primary">
            {t('Continue to {{provider}}', { provider: data.providerName })}
          </button>
        </form>
      </div>
    </div>
  );
}
