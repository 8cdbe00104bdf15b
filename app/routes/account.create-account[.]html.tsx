import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { z } from 'zod';
import { pageAccess, pageMeta } from '~/components/page-essentials';
import { SIGN_UP_CHECK_EMAIL_MESSAGE, withNotice } from '~/modules/identity/notices';
import { redirectPolicy, requireUserType } from '~/modules/access/shopper.server';
import { safeRedirect } from '~/modules/access/safe-redirect';
import { withHeaders } from '~/modules/http/api.server';
import { clientKey } from '~/modules/http/client-key.server';
import { parseForm, type FormValues } from '~/modules/http/forms.server';
import { firstLoginCookies } from '~/modules/identity/first-login.server';
import { registerCustomer, SIGN_UP_CHECK_EMAIL_PATH, signUpAllowed } from '~/modules/identity/registration.server';
import { businessRegistrationSchema, registrationSchema } from '~/modules/identity/registration-schema';
import { originOf } from '~/modules/http/request-origin';
import { startAuthorization } from '~/modules/identity/sign-in.server';
import { keepsSignedIn } from '~/modules/identity/keep-me-signed-in.server';
import { checkReferralCode } from '~/modules/customers/referrals.server';
import { ErrorAlert, StatusNotice } from '~/components/Alerts';

export const access = pageAccess({
  allowedUserTypes: ['A', 'G', 'R'],
  redirections: { DEFAULT: '/' },
  escapeSSO: true,
});
export const handle = { access };

/** The refer-a-friend code (flag referralProgramEnabled): optional, checked by the referrals module. */
const referralCodeField = z.string().max(40, 'A referral code is 8 letters and digits, like ABCD-2345.').optional();
const CreateAccountForm = registrationSchema.extend({
  goto: z.string().max(2048).optional(),
  referralCode: referralCodeField,
});
/** The business site opens business accounts: the same form plus the company and its EIN. */
const BusinessCreateAccountForm = businessRegistrationSchema.extend({ goto: z.string().max(2048).optional() });

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const goto = safeRedirect(new URL(request.url).searchParams.get('goto') ?? '/', redirectPolicy());
  const business = shopper.host.siteType === 'B';
  const referrals = shopper.flags.referralProgramEnabled && !business;
  return json(
    {
      goto,
      // The share link's code fills the field in (checked only when the form is posted).
      referralCode: referrals ? (new URL(request.url).searchParams.get('ref') ?? '').slice(0, 40) : null,
      zipcode: shopper.session?.info.COMMON.zipcode?.slice(0, 5) ?? '',
      business: shopper.host.siteType === 'B',
      checkEmail: new URL(request.url).searchParams.has('check-email'),
    },
    { headers: shopper.headers },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const shopper = await requireUserType(request, access);
  // Without JavaScript the page reloads: a refused form comes back filled in (never the password).
  const form = await parseForm(request, shopper.host.siteType === 'B' ? BusinessCreateAccountForm : CreateAccountForm);
  if (!form.ok)
    return json(
      { errors: form.errors, message: form.message, values: keptValues(form.values) },
      { status: 400, headers: shopper.headers },
    );
  // Counted before anything depends on the email having an account (decision 0030).
  const limit = await signUpAllowed(clientKey(request, shopper.session?.info.COMMON.deviceId), form.data.email);
  if (!limit.allowed)
    return json(
      { errors: {}, message: limit.message, values: keptValues(form.values) },
      {
        status: 429,
        headers: withHeaders(shopper.headers, { 'Retry-After': String(limit.retryAfterSeconds) }),
      },
    );
  // Flag referralProgramEnabled: a code is checked (and its tries counted) before anything depends on the email; a
  // bad code refuses the form, which comes back filled in. With the flag off a posted code is ignored.
  const referral =
    shopper.flags.referralProgramEnabled && shopper.host.siteType === 'C'
      ? await checkReferralCode('referralCode' in form.data ? form.data.referralCode : undefined, {
          clientKey: clientKey(request, shopper.session?.info.COMMON.deviceId),
          siteType: shopper.host.siteType,
        })
      : ({ ok: true, referral: null } as const);
  if (!referral.ok)
    return json(
      { errors: { referralCode: referral.message }, message: referral.message, values: keptValues(form.values) },
      {
        status: referral.retryAfterSeconds ? 429 : 400,
        headers: referral.retryAfterSeconds
          ? withHeaders(shopper.headers, { 'Retry-After': String(referral.retryAfterSeconds) })
          : shopper.headers,
      },
    );
  const created = await registerCustomer(
    shopper.host,
    form.data,
    originOf(request),
    keepsSignedIn(shopper.flags, true),
    referral.referral,
  );
  if (!created.ok)
    return json(
      {
        errors: { [created.field ?? 'email']: created.message },
        message: created.message,
        values: keptValues(form.values),
      },
      { status: 400, headers: shopper.headers },
    );
  // Spec section 4: automatic sign-in through authorize with the sessionToken, kept signed in for 90 days.
  // A new and an existing email get this same answer (decision 0030): for an existing one the token is a
  // decoy the provider refuses, and the owner was emailed; the browser then lands on "check your email".
  const goto = withNotice(safeRedirect(form.data.goto ?? '/', redirectPolicy()), 'account-created');
  const start = await startAuthorization(request, shopper, {
    sessionToken: created.sessionToken,
    goto,
    remember: true,
    failureTo: SIGN_UP_CHECK_EMAIL_PATH,
  });
  const headers = new Headers(shopper.headers);
  headers.append('Set-Cookie', start.setCookie);
  for (const cookie of await firstLoginCookies(shopper.cookie)) headers.append('Set-Cookie', cookie);
  return redirect(start.redirectTo, { headers });
}

const KEPT_FIELDS = ['companyName', 'taxId', 'firstName', 'lastName', 'email', 'phone', 'zipcode', 'referralCode'];

function keptValues(form: FormValues): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of KEPT_FIELDS) {
    const value = form[name];
    if (typeof value === 'string') values[name] = value.slice(0, 254);
  }
  return values;
}

export const meta: MetaFunction = () =>
  pageMeta('Create an account', 'Create an account to clip coupons, save your store and check out faster.');

type Field = { name: string; label: string; autoComplete: string; type: string; hint?: string };

const BUSINESS_FIELDS: readonly Field[] = [
  { name: 'companyName', label: 'Company name', autoComplete: 'organization', type: 'text' },
  { name: 'taxId', label: 'Tax id (EIN)', autoComplete: 'off', type: 'text', hint: 'Nine digits, as NN-NNNNNNN.' },
];

const FIELDS: readonly Field[] = [
  { name: 'firstName', label: 'First name', autoComplete: 'given-name', type: 'text' },
  { name: 'lastName', label: 'Last name', autoComplete: 'family-name', type: 'text' },
  { name: 'email', label: 'Email', autoComplete: 'email', type: 'email' },
  { name: 'phone', label: 'Mobile phone', autoComplete: 'tel', type: 'tel' },
  { name: 'password', label: 'Password', autoComplete: 'new-password', type: 'password' },
  { name: 'zipcode', label: 'ZIP code', autoComplete: 'postal-code', type: 'text' },
];

const REFERRAL_FIELD: Field = {
  name: 'referralCode',
  label: 'Referral code (optional)',
  autoComplete: 'off',
  type: 'text',
  hint: 'From a friend who shops with us: you both get 1,000 points at your first order.',
};

export default function CreateAccountPage() {
  const { goto, zipcode, business, checkEmail, referralCode } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  const errors: Record<string, string> = result?.errors ?? {};
  const values: Record<string, string> = result?.values ?? {};
  return (
    <div className="container-page max-w-md py-10">
      <div className="card p-6">
        <h1 className="text-2xl font-extrabold">{business ? 'Create a business account' : 'Create an account'}</h1>
        <p className="mt-1 text-sm text-stone-600">
          {business
            ? 'Business prices for your company, and an order history of its own.'
            : 'Get a club card, clip digital coupons and save your cart.'}
        </p>
        {result?.message ? (
          <ErrorAlert>{result.message}</ErrorAlert>
        ) : checkEmail ? (
          <StatusNotice>{SIGN_UP_CHECK_EMAIL_MESSAGE}</StatusNotice>
        ) : null}
        <Form method="post" className="mt-5 grid gap-3" noValidate>
          <input type="hidden" name="goto" value={goto} />
          {[...(business ? BUSINESS_FIELDS : []), ...FIELDS, ...(referralCode !== null ? [REFERRAL_FIELD] : [])].map(
            (field) => (
              <label key={field.name} className="text-sm font-semibold">
                {field.label}
                <input
                  name={field.name}
                  type={field.type}
                  autoComplete={field.autoComplete}
                  defaultValue={
                    values[field.name] ??
                    (field.name === 'zipcode'
                      ? zipcode
                      : field.name === 'referralCode'
                        ? (referralCode ?? undefined)
                        : undefined)
                  }
                  aria-invalid={errors[field.name] ? true : undefined}
                  aria-describedby={
                    errors[field.name] ? `${field.name}-error` : field.hint ? `${field.name}-hint` : undefined
                  }
                  className="mt-1 block w-full rounded-xl border border-stone-300 px-3 py-2 text-base font-normal"
                />
                {errors[field.name] ? (
                  <span id={`${field.name}-error`} className="mt-1 block text-xs font-medium text-red-700">
                    {errors[field.name]}
                  </span>
                ) : field.hint ? (
                  <span id={`${field.name}-hint`} className="mt-1 block text-xs font-normal text-stone-500">
                    {field.hint}
                  </span>
                ) : null}
              </label>
            ),
          )}
          <p className="text-xs text-stone-500">At least 8 characters, with a letter and a number.</p>
          <button type="submit" className="btn-primary py-3 text-base" disabled={busy}>
            {busy ? 'Creating your account…' : 'Create account'}
          </button>
        </Form>
        <p className="mt-4 text-center text-sm">
          Already have an account?{' '}
          <Link
            to={`/account/sign-in.html?goto=${encodeURIComponent(goto)}`}
            className="font-semibold text-brand underline"
          >
            Sign in
          </Link>
        </p>
      </div>
    </div>
  );
}
