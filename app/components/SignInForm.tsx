import { Form, Link } from '@remix-run/react';
import type { SignInStepData } from '~/modules/identity/sign-in-step';
import { useT } from '~/components/page-essentials';
import { ErrorAlert, StatusNotice } from './Alerts';

const inputClass = 'mt-1 block w-full rounded-xl border border-stone-300 px-3 py-2 text-base font-normal';

/**
 * The sign-in steps (email → password or one-time passcode), shared by the page and the modal.
 * `FormComponent` is Remix's Form on the page and a fetcher's Form in the modal; both post to the
 * sign-in page's action, so without JavaScript every step is a full page.
 */
export function SignInForm({
  FormComponent = Form,
  state,
  busy,
  idPrefix = 'sign-in',
  autoFocusEmail = false,
}: {
  FormComponent?: typeof Form;
  state: SignInStepData;
  busy: boolean;
  idPrefix?: string;
  /** In the modal the email field, not the close button, takes the first focus. */
  autoFocusEmail?: boolean;
}) {
  const { step, email, goto, error, notice, keepSignedInOffered = true } = state;
  const t = useT();
  return (
    <>
      {error ? <ErrorAlert>{error}</ErrorAlert> : null}
      {notice ? <StatusNotice>{notice}</StatusNotice> : null}
      <FormComponent method="post" action="/account/sign-in.html" className="mt-5 grid gap-4" key={step}>
        <input type="hidden" name="goto" value={goto} />
        {step === 'email' ? (
          <label className="text-sm font-semibold" htmlFor={`${idPrefix}-email`}>
            {t('Email')}
            <input
              id={`${idPrefix}-email`}
              name="email"
              type="email"
              autoComplete="username"
              required
              className={inputClass}
              defaultValue={email}
              autoFocus={autoFocusEmail}
            />
          </label>
        ) : (
          <>
            <input type="hidden" name="email" value={email} />
            <p className="text-sm">
              {t('Signing in as')} <strong>{email}</strong>.{' '}
              <Link
                to={`/account/sign-in.html?goto=${encodeURIComponent(goto)}`}
                className="font-semibold text-brand underline"
              >
                {t('Change')}
              </Link>
            </p>
          </>
        )}
        {step === 'password' ? (
          <label className="text-sm font-semibold" htmlFor={`${idPrefix}-password`}>
            {t('Password')}
            <input
              id={`${idPrefix}-password`}
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
          <label className="text-sm font-semibold" htmlFor={`${idPrefix}-code`}>
            {t('6-digit code')}
            <input
              id={`${idPrefix}-code`}
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
        {step !== 'email' && keepSignedInOffered ? (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="remember" className="h-4 w-4" />
            {t('Keep me signed in')}
          </label>
        ) : null}
        <button
          type="submit"
          name="intent"
          value={step === 'email' ? 'email' : step === 'password' ? 'password' : 'code'}
          className="btn-primary py-3 text-base"
          disabled={busy}
        >
          {busy ? t('Please wait…') : step === 'email' ? t('Continue') : t('Sign in')}
        </button>
        {step !== 'email' ? (
          <button type="submit" name="intent" value="send-code" formNoValidate className="btn-outline">
            {step === 'code' ? t('Send a new code') : t('Email me a one-time code instead')}
          </button>
        ) : null}
      </FormComponent>
      <p className="mt-4 flex flex-wrap justify-between gap-2 text-sm">
        <Link
          to={`/account/create-account.html?goto=${encodeURIComponent(goto)}`}
          className="font-semibold text-brand underline"
        >
          {t('New here? Create an account')}
        </Link>
        <Link to="/account/forgot-password.html" className="font-semibold text-brand underline">
          {t('Forgot password?')}
        </Link>
      </p>
    </>
  );
}
