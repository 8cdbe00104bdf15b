import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { z } from 'zod';
import { pageAccess, pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { pageStrings, serverT } from '~/modules/i18n/translations.server';
import { SIGN_UP_CHECK_EMAIL_MESSAGE } from '~/modules/identity/notices';
import { redirectPolicy, requireUserType } from '~/modules/access/shopper.server';
import { safeRedirect } from '~/modules/access/safe-redirect';
import { withHeaders } from '~/modules/http/api.server';
import { parseForm, type FormValues } from '~/modules/http/forms.server';
import { businessRegistrationSchema, registrationSchema } from '~/modules/identity/registration-schema';
import { signUpAndSignIn } from '~/modules/identity/sign-up-flow.server';
import { optionalStoreCardFields, storeCardOfForm } from '~/modules/customers/store-card-schema';
import { STORE_CARD_NUMBER_MESSAGE } from '~/modules/customers/store-card-words';
import { BUSINESS_FIELDS, FIELDS, FormField, REFERRAL_FIELD, StoreCardPart } from '~/components/SignUpFields';
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
      i18n: pageStrings(shopper.language, ['account']),
    },
    { headers: shopper.headers },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const shopper = await requireUserType(request, access);
  // Without JavaScript the page reloads: a refused form comes back filled in (never the password).
  const form = await parseForm(request, shopper.host.siteType === 'B' ? BusinessCreateAccountForm : CreateAccountForm);
  const t = serverT(shopper.language, 'account');
  if (!form.ok)
    return json(
      { errors: translated(form.errors, t), message: t(form.message), values: keptValues(form.values) },
      { status: 400, headers: shopper.headers },
    );
  const outcome = await signUpAndSignIn(request, shopper, form.data, {
    goto: form.data.goto ?? '/',
    storeCard: 'clubCard' in form.data ? storeCardOfForm(form.data) : undefined,
    referralCode: 'referralCode' in form.data ? form.data.referralCode : undefined,
    language: shopper.language,
  });
  if (!outcome.ok)
    return json(
      {
        errors: outcome.field ? { [outcome.field]: t(outcome.message) } : {},
        message: t(outcome.message),
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

function translated(errors: Record<string, string>, t: (key: string) => string): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([name, message]) => [name, t(message)]));
}

function keptValues(form: FormValues): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of KEPT_FIELDS) {
    const value = form[name];
    if (typeof value === 'string') values[name] = value.slice(0, 254);
  }
  return values;
}

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(
    t('Create an account'),
    t('Create an account to clip coupons, save your store and check out faster.'),
  );
};

export default function CreateAccountPage() {
  const { goto, zipcode, business, checkEmail, referralCode } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  const t = useT();
  const errors: Record<string, string> = result?.errors ?? {};
  const values: Record<string, string> = result?.values ?? {};
  return (
    <div className="container-page max-w-md py-10">
      <div className="card p-6">
        <h1 className="text-2xl font-extrabold">
          {business ? t('Create a business account') : t('Create an account')}
        </h1>
        <p className="mt-1 text-sm text-stone-600">
          {business
            ? t('Business prices for your company, and an order history of its own.')
            : t('Get a club card, clip digital coupons and save your cart.')}
        </p>
        {result?.message ? (
          <ErrorAlert>{result.message}</ErrorAlert>
        ) : checkEmail ? (
          <StatusNotice>{t(SIGN_UP_CHECK_EMAIL_MESSAGE)}</StatusNotice>
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
          <p className="text-xs text-stone-500">{t('At least 8 characters, with a letter and a number.')}</p>
          {business ? null : <StoreCardPart values={values} errors={errors} />}
          <button type="submit" className="btn-primary py-3 text-base" disabled={busy}>
            {busy ? t('Creating your account…') : t('Create account')}
          </button>
        </Form>
        <p className="mt-4 text-center text-sm">
          {t('Already have an account?')}{' '}
          <Link
            to={`/account/sign-in.html?goto=${encodeURIComponent(goto)}`}
            className="font-semibold text-brand underline"
          >
            {t('Sign in')}
          </Link>
        </p>
      </div>
    </div>
  );
}
