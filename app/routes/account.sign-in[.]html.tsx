import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { z } from 'zod';
import { pageAccess, pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { pageStrings, serverT } from '~/modules/i18n/translations.server';
import { redirectPolicy, requireUserType } from '~/modules/access/shopper.server';
import { carryMarketingParams, safeRedirect } from '~/modules/access/safe-redirect';
import { marketingParams } from '~/modules/config/env.server';
import { parseForm } from '~/modules/http/forms.server';
import { assistantParamsFrom, rememberAssistant } from '~/modules/identity/assistant-sign-in.server';
import { signInStep } from '~/modules/identity/sign-in-flow.server';
import { receiveSamlRequest, SAML_CONTINUE_PATH } from '~/modules/saml/saml-sign-on.server';
import type { SignInStepData } from '~/modules/identity/sign-in-step';
import { PasskeySignIn } from '~/components/PasskeySignIn';
import { SignInForm } from '~/components/SignInForm';
import { ErrorAlert } from '~/components/Alerts';

/**
 * Guests and lapsed customers sign in here. A signed-in customer reaches the page only to be sent on: to answer
 * another company site's SAML sign-in request (decision 0096), else to the home page.
 */
export const access = pageAccess({
  allowedUserTypes: ['A', 'G', 'R', 'C'],
  redirections: { DEFAULT: '/' },
  syndicatedHeader: true,
});
export const handle = { access };

/** Only a shopper who is not signed in posts the sign-in form; a signed-in customer is sent home. */
const signInFormAccess = pageAccess({ ...access, allowedUserTypes: ['A', 'G', 'R'] });

const SignInFormSchema = z.object({
  intent: z.enum(['email', 'password', 'send-code', 'code']),
  email: z.string().trim().toLowerCase().email('Enter the email address of your account.').max(254),
  password: z.string().max(200).optional(),
  code: z.string().trim().max(10).optional(),
  goto: z.string().max(2048).optional(),
  remember: z.literal('on').optional(),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const url = new URL(request.url);
  const samlRequest = url.searchParams.get('SAMLRequest');
  if (shopper.userType === 'C' && samlRequest === null)
    throw redirect(carryMarketingParams('/', url, marketingParams()), { headers: shopper.headers });
  const headers = new Headers(shopper.headers);
  let goto = safeRedirect(url.searchParams.get('goto') ?? '/', redirectPolicy());
  let saml: { providerName: string } | { error: string } | null = null;
  if (samlRequest !== null) {
    const received = await receiveSamlRequest(samlRequest, url.searchParams.get('RelayState'), shopper.cookie);
    if (received.ok) {
      headers.append('Set-Cookie', received.setCookie);
      if (shopper.userType === 'C') return redirect(SAML_CONTINUE_PATH, { headers });
      goto = SAML_CONTINUE_PATH;
      saml = { providerName: received.providerName };
    } else {
      saml = { error: serverT(shopper.language, 'account')(received.message) };
    }
  }
  // Spec section 5: assistant sign-in parameters are stored only when all four are present.
  const assistant = assistantParamsFrom(url.searchParams);
  if (assistant) headers.append('Set-Cookie', await rememberAssistant(assistant, shopper.cookie));
  return json(
    {
      goto,
      lapsed: shopper.userType === 'R',
      assistant: Boolean(assistant),
      keepSignedInOffered: shopper.flags.enableACIKMSI,
      saml,
      i18n: pageStrings(shopper.language, ['account']),
    },
    { headers, status: saml && 'error' in saml ? 400 : 200 },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const shopper = await requireUserType(request, signInFormAccess);
  const form = await parseForm(request, SignInFormSchema);
  if (!form.ok) {
    const step: SignInStepData = {
      step: 'email',
      email: '',
      goto: '/',
      error: serverT(shopper.language, 'account')(form.message),
      keepSignedInOffered: shopper.flags.enableACIKMSI,
    };
    return json(step, { status: 400, headers: shopper.headers });
  }
  const goto = safeRedirect(form.data.goto ?? '/', redirectPolicy());
  const outcome = await signInStep(request, shopper, {
    intent: form.data.intent,
    email: form.data.email,
    password: form.data.password,
    code: form.data.code,
    goto,
    remember: form.data.remember === 'on',
  });
  if (outcome.kind === 'redirect') {
    const headers = new Headers(shopper.headers);
    for (const cookie of outcome.setCookies) headers.append('Set-Cookie', cookie);
    return redirect(outcome.redirectTo, { headers });
  }
  const step: SignInStepData = {
    step: outcome.step,
    email: outcome.email,
    goto,
    error: outcome.error ?? null,
    notice: outcome.notice ?? null,
    keepSignedInOffered: shopper.flags.enableACIKMSI,
  };
  return json(step, { status: outcome.status, headers: shopper.headers });
}

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(t('Sign in'), t('Sign in with your password or a one-time code to clip coupons and check out.'));
};

export default function SignInPage() {
  const { goto, lapsed, assistant, keepSignedInOffered, saml } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const t = useT();
  return (
    <div className="container-page max-w-md py-10">
      <div className="card p-6">
        <h1 className="text-2xl font-extrabold">{lapsed ? t('Please sign in again') : t('Sign in')}</h1>
        <p className="mt-1 text-sm text-stone-600">
          {assistant
            ? t('Sign in to link your account with your assistant.')
            : lapsed
              ? t('Your session ended. Sign in to keep shopping with your offers and cart.')
              : t('Clip deals, save your cart and check out faster.')}
        </p>
        {saml && 'providerName' in saml ? (
          <p className="mt-2 text-sm font-semibold" data-testid="saml-provider">
            {t('Sign in to continue to {{provider}}.', { provider: saml.providerName })}
          </p>
        ) : null}
        {saml && 'error' in saml ? <ErrorAlert>{saml.error}</ErrorAlert> : null}
        <SignInForm state={result ?? { step: 'email', email: '', goto }} busy={navigation.state !== 'idle'} />
        <PasskeySignIn goto={goto} offerKeepSignedIn={keepSignedInOffered} />
      </div>
    </div>
  );
}
