import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { z } from 'zod';
import { pageAccess } from '~/modules/access/page-access';
import { redirectPolicy, requireUserType } from '~/modules/access/shopper.server';
import { safeRedirect } from '~/modules/access/safe-redirect';
import { parseForm } from '~/modules/http/forms.server';
import { signInStep, type SignInStep } from '~/modules/identity/sign-in-flow.server';
import { ErrorAlert, StatusNotice } from '~/components/Alerts';

/** Guests and lapsed customers sign in here; a signed-in customer is sent on to the home page. */
export const access = pageAccess({
  allowedUserTypes: ['A', 'G', 'R'],
  redirections: { DEFAULT: '/' },
});
export const handle = { access };

const SignInForm = z.object({
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
  return json(
    { goto: safeRedirect(url.searchParams.get('goto') ?? '/', redirectPolicy()), lapsed: shopper.userType === 'R' },
    { headers: shopper.headers },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const form = await parseForm(request, SignInForm);
  if (!form.ok) {
    return json({ step: 'email' as SignInStep, email: '', error: form.message, notice: undefined }, { status: 400 });
  }
  const outcome = await signInStep(request, shopper, {
    intent: form.data.intent,
    email: form.data.email,
    password: form.data.password,
    code: form.data.code,
    goto: form.data.goto ?? '/',
    remember: form.data.remember === 'on',
  });
  if (outcome.kind === 'redirect') {
    const headers = new Headers(shopper.headers);
    for (const cookie of outcome.setCookies) headers.append('Set-Cookie', cookie);
    return redirect(outcome.redirectTo, { headers });
  }
  return json(
    { step: outcome.step, email: outcome.email, error: outcome.error, notice: outcome.notice },
    { status: outcome.status, headers: shopper.headers },
  );
}

export const meta: MetaFunction = () => [{ title: 'Sign in' }];

const inputClass = 'mt-1 block w-full rounded-xl border border-stone-300 px-3 py-2 text-base font-normal';

export default function SignInPage() {
  const { goto, lapsed } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const step = result?.step ?? 'email';
  const email = result?.email ?? '';
  return (
    <div className="container-page max-w-md py-10">
      <div className="card p-6">
        <h1 className="text-2xl font-extrabold">{lapsed ? 'Please sign in again' : 'Sign in'}</h1>
        <p className="mt-1 text-sm text-stone-600">
          {lapsed
            ? 'Your session ended. Sign in to keep shopping with your offers and cart.'
            : 'Clip deals, save your cart and check out faster.'}
        </p>
        {result?.error ? <ErrorAlert>{result.error}</ErrorAlert> : null}
        {result?.notice ? <StatusNotice>{result.notice}</StatusNotice> : null}
        <Form method="post" className="mt-5 grid gap-4" key={step}>
          <input type="hidden" name="goto" value={goto} />
          {step === 'email' ? (
            <label className="text-sm font-semibold">
              Email
              <input
                name="email"
                type="email"
                autoComplete="username"
                required
                className={inputClass}
                defaultValue={email}
              />
            </label>
          ) : (
            <>
              <input type="hidden" name="email" value={email} />
              <p className="text-sm">
                Signing in as <strong>{email}</strong>.{' '}
                <Link
                  to={`/account/sign-in.html?goto=${encodeURIComponent(goto)}`}
                  className="font-semibold text-brand underline"
                >
                  Change
                </Link>
              </p>
            </>
          )}
          {step === 'password' ? (
            <label className="text-sm font-semibold">
              Password
              <input
                name="password"
                type="password"
                autoComplete="current-password"
                required
                className={inputClass}
                autoFocus
              />
            </label>
          ) : null}
          {step === 'code' ? (
            <label className="text-sm font-semibold">
              6-digit code
              <input
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="\d{6}"
                maxLength={6}
                required
                className={inputClass}
                autoFocus
              />
            </label>
          ) : null}
          {step !== 'email' ? (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="remember" className="h-4 w-4" />
              Keep me signed in
            </label>
          ) : null}
          <button
            type="submit"
            name="intent"
            value={step === 'email' ? 'email' : step === 'password' ? 'password' : 'code'}
            className="btn-primary py-3 text-base"
            disabled={busy}
          >
            {busy ? 'Please wait…' : step === 'email' ? 'Continue' : 'Sign in'}
          </button>
          {step !== 'email' ? (
            <button type="submit" name="intent" value="send-code" formNoValidate className="btn-outline">
              {step === 'code' ? 'Send a new code' : 'Email me a one-time code instead'}
            </button>
          ) : null}
        </Form>
        <p className="mt-4 flex flex-wrap justify-between gap-2 text-sm">
          <Link
            to={`/account/create-account.html?goto=${encodeURIComponent(goto)}`}
            className="font-semibold text-brand underline"
          >
            New here? Create an account
          </Link>
          <Link to="/account/forgot-password.html" className="font-semibold text-brand underline">
            Forgot password?
          </Link>
        </p>
      </div>
    </div>
  );
}
