import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useRef, useState, type FocusEvent } from 'react';
import { z } from 'zod';
import { pageAccess, pageMeta } from '~/components/page-essentials';
import { SIGN_UP_CHECK_EMAIL_MESSAGE } from '~/modules/identity/notices';
import { redirectPolicy, requireUserType } from '~/modules/access/shopper.server';
import { safeRedirect } from '~/modules/access/safe-redirect';
import { withHeaders } from '~/modules/http/api.server';
import { parseForm, type FormValues } from '~/modules/http/forms.server';
import { businessRegistrationSchema, registrationSchema } from '~/modules/identity/registration-schema';
import { signUpAndSignIn } from '~/modules/identity/sign-up-flow.server';
import { optionalStoreCardFields, storeCardOfForm } from '~/modules/customers/store-card-schema';
import {
  STORE_CARD_LINKED_MESSAGE,
  STORE_CARD_NOT_FOUND_MESSAGE,
  STORE_CARD_NUMBER_MESSAGE,
  type StoreCardLookup,
} from '~/modules/customers/store-card-words';
import { ErrorAlert, StatusNotice } from '~/components/Alerts';

export const access = pageAccess({
  allowedUserTypes: ['A', 'G', 'R'],
  redirections: { DEFAULT: '/' },
  escapeSSO: true,
});
export const handle = { access };

/** The refer-a-friend code (flag referralProgramEnabled): optional, checked by the referrals module. */
const referralCodeField = z.string().max(40, 'A referral code is 8 letters and digits, like ABCD-2345.').optional();
/**
 * The consumer form may carry a store card to step up (decision 0102): its number, and its phone if not the mobile;
 * and a friend's referral code (decision 0098).
 */
const CreateAccountForm = registrationSchema
  .extend({ goto: z.string().max(2048).optional(), referralCode: referralCodeField, ...optionalStoreCardFields })
  .refine((form) => form.clubCard || !form.cardPhone, { path: ['clubCard'], message: STORE_CARD_NUMBER_MESSAGE });
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
      zipcode: shopper.session?.info.COMMON.zipcode?.slice(0, 5) ?? '',
      business,
      checkEmail: new URL(request.url).searchParams.has('check-email'),
      // The share link's code fills the field in (checked only when the form is posted).
      referralCode: referrals ? (new URL(request.url).searchParams.get('ref') ?? '').slice(0, 40) : null,
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
  const outcome = await signUpAndSignIn(request, shopper, form.data, {
    goto: form.data.goto ?? '/',
    storeCard: 'clubCard' in form.data ? storeCardOfForm(form.data) : undefined,
    referralCode: 'referralCode' in form.data ? form.data.referralCode : undefined,
  });
  if (!outcome.ok)
    return json(
      {
        errors: outcome.field ? { [outcome.field]: outcome.message } : {},
        message: outcome.message,
        values: keptValues(form.values),
      },
      {
        status: outcome.status,
        headers: outcome.retryAfterSeconds
          ? withHeaders(shopper.headers, { 'Retry-After': String(outcome.retryAfterSeconds) })
          : shopper.headers,
      },
    );
  // Spec section 4: automatic sign-in through authorize with the sessionToken, kept signed in for 90 days; a new
  // and an existing email get this same answer (decision 0030).
  const headers = new Headers(shopper.headers);
  for (const cookie of outcome.setCookies) headers.append('Set-Cookie', cookie);
  return redirect(outcome.redirectTo, { headers });
}

const KEPT_FIELDS = [
  'companyName',
  'taxId',
  'firstName',
  'lastName',
  'email',
  'phone',
  'zipcode',
  'clubCard',
  'cardPhone',
  'referralCode',
];

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

type Field = {
  name: string;
  label: string;
  autoComplete: string;
  type: string;
  hint?: string;
  inputMode?: 'numeric' | 'tel';
};

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

const STORE_CARD_FIELDS: readonly Field[] = [
  {
    name: 'clubCard',
    label: 'Store card number',
    autoComplete: 'off',
    type: 'text',
    inputMode: 'numeric',
    hint: 'The 12 digits under the barcode.',
  },
  {
    name: 'cardPhone',
    label: 'Phone number on the card',
    autoComplete: 'off',
    type: 'tel',
    hint: 'Leave it empty when it is the number above.',
  },
];

function FormField({ field, value, error }: { field: Field; value: string | undefined; error: string | undefined }) {
  return (
    <label className="text-sm font-semibold">
      {field.label}
      <input
        name={field.name}
        type={field.type}
        inputMode={field.inputMode}
        autoComplete={field.autoComplete}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${field.name}-error` : field.hint ? `${field.name}-hint` : undefined}
        className="mt-1 block w-full rounded-xl border border-stone-300 px-3 py-2 text-base font-normal"
      />
      {error ? (
        <span id={`${field.name}-error`} className="mt-1 block text-xs font-medium text-red-700">
          {error}
        </span>
      ) : field.hint ? (
        <span id={`${field.name}-hint`} className="mt-1 block text-xs font-normal text-stone-500">
          {field.hint}
        </span>
      ) : null}
    </label>
  );
}

const digits = (value: unknown) => (typeof value === 'string' ? value.replace(/[^\d]/g, '') : '');

/**
 * The optional store card part (decision 0102). Without JavaScript the form posts the card and the action steps it
 * up; with it, leaving the part looks the card up and greets its holder before they submit.
 */
function StoreCardPart({ values, errors }: { values: Record<string, string>; errors: Record<string, string> }) {
  const [answer, setAnswer] = useState<StoreCardLookup | { refused: string } | null>(null);
  const asked = useRef('');
  const open = STORE_CARD_FIELDS.some((field) => values[field.name] || errors[field.name]);

  async function lookUp(event: FocusEvent<HTMLFieldSetElement>) {
    const form = event.currentTarget.form;
    if (!form) return;
    const valueOf = (name: string) => digits((form.elements.namedItem(name) as HTMLInputElement | null)?.value);
    const clubCard = valueOf('clubCard');
    const cardPhone = valueOf('cardPhone');
    const phone = cardPhone || valueOf('phone');
    if (clubCard.length !== 12 || phone.length !== 10 || asked.current === `${clubCard}:${phone}`) return;
    asked.current = `${clubCard}:${phone}`;
    const response = await fetch('/api/session/lookup', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ clubCard, phone }),
    }).catch(() => null);
    if (!response) return setAnswer(null);
    const body = (await response.json().catch(() => null)) as StoreCardLookup | { error?: { message?: string } } | null;
    if (response.ok && body && 'found' in body) return setAnswer(body);
    asked.current = '';
    setAnswer(body && 'error' in body && body.error?.message ? { refused: body.error.message } : null);
  }

  return (
    <details className="rounded-xl border border-stone-200 bg-stone-50 px-3 py-2" open={open || undefined}>
      <summary className="cursor-pointer text-sm font-semibold text-brand-dark">
        Have a store card? Keep your points
      </summary>
      <fieldset className="mt-2 grid gap-3" onBlur={lookUp}>
        <legend className="text-xs text-stone-600">
          Your card&rsquo;s points, household and offers come with your new account.
        </legend>
        {STORE_CARD_FIELDS.map((field) => (
          <FormField key={field.name} field={field} value={values[field.name]} error={errors[field.name]} />
        ))}
        <p role="status" className="text-sm font-medium" data-testid="store-card-lookup">
          {answer === null
            ? null
            : 'refused' in answer
              ? answer.refused
              : !answer.found
                ? STORE_CARD_NOT_FOUND_MESSAGE
                : answer.stepUp
                  ? `Welcome back, ${answer.firstName}! Your points come with your new account.`
                  : STORE_CARD_LINKED_MESSAGE}
        </p>
      </fieldset>
    </details>
  );
}

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
              <FormField
                key={field.name}
                field={field}
                value={
                  values[field.name] ??
                  (field.name === 'zipcode'
                    ? zipcode
                    : field.name === 'referralCode'
                      ? (referralCode ?? undefined)
                      : undefined)
                }
                error={errors[field.name]}
              />
            ),
          )}
          <p className="text-xs text-stone-500">At least 8 characters, with a letter and a number.</p>
          {business ? null : <StoreCardPart values={values} errors={errors} />}
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
