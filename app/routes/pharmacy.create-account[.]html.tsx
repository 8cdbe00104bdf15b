import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { CUSTOMER_ONLY, pageAccess, SIGN_IN_PATH, pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { pageStrings, serverT } from '~/modules/i18n/translations.server';
import { OTHER_DEVICES_SIGNED_OUT } from '~/modules/identity/notices';
import { requireUserType } from '~/modules/access/shopper.server';
import { parseForm, parseSearchParams } from '~/modules/http/forms.server';
import {
  HEALTH_SESSION_PATH,
  PHARMACY_PATH,
  pharmacyProfileFormSchema,
  pharmacyQuerySchema,
} from '~/modules/pharmacy/pharmacy-rules';
import { pharmacyProfile, savePharmacyProfile } from '~/modules/pharmacy/pharmacy.server';

/**
 * Spec section 2: the pharmacy account page. `sendToHealthApp=true` is the landing after a password
 * reset from the health app; `newPharmacyAccount=true` creates the signed-in customer's pharmacy
 * profile; `progProfUser=true` is a progressive-profile account that must complete missing details.
 * Guests and R are sent to sign in (or create an account from there) and brought back with goto.
 */
export const access = pageAccess({ allowedUserTypes: CUSTOMER_ONLY, redirections: { DEFAULT: SIGN_IN_PATH } });
export const handle = { access };

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const query = parseSearchParams(request, pharmacyQuerySchema, shopper.language);
  const profile = await pharmacyProfile(Number(shopper.customer!.customerId));
  const mode =
    query.sendToHealthApp === 'true'
      ? 'health-app'
      : query.progProfUser === 'true' && profile
        ? 'complete'
        : query.newPharmacyAccount === 'true' || query.progProfUser === 'true'
          ? 'create'
          : 'overview';
  return json(
    {
      firstName: shopper.customer?.firstName ?? '',
      mode,
      hasProfile: profile !== null,
      missing: profile?.missing ?? ['dateOfBirth'],
      allergies: profile?.allergies ?? '',
      i18n: pageStrings(shopper.language, ['health']),
    },
    { headers: shopper.headers },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const form = await parseForm(request, pharmacyProfileFormSchema);
  // The form's messages (pharmacy-rules.ts) are keys in health.json.
  const t = serverT(shopper.language, 'health');
  if (!form.ok)
    return json({ errors: form.errors, message: t(form.message) }, { status: 400, headers: shopper.headers });
  await savePharmacyProfile(Number(shopper.customer!.customerId), form.data);
  return redirect(`${PHARMACY_PATH}?ready=1`, { headers: shopper.headers });
}

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(t('Pharmacy account'), t('Set up your pharmacy profile to refill prescriptions online.'));
};

const input = 'mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2 text-sm';

function ProfileForm({ askDateOfBirth, allergies }: { askDateOfBirth: boolean; allergies: string }) {
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const t = useT();
  return (
    <Form method="post" className="mt-4 grid gap-3" noValidate>
      {answer?.message ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm font-semibold text-red-800">
          {answer.message}
        </p>
      ) : null}
      {askDateOfBirth ? (
        <label className="text-sm font-semibold">
          {t('Date of birth')}
          <input
            type="date"
            name="dateOfBirth"
            required
            className={input}
            autoComplete="bday"
            aria-invalid={answer?.errors?.dateOfBirth ? true : undefined}
          />
        </label>
      ) : null}
      <label className="text-sm font-semibold">
        {t('Allergies (optional)')}
        <input name="allergies" defaultValue={allergies} maxLength={200} className={input} />
      </label>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" name="consent" className="mt-1" required />
        <span>{t('I agree to the pharmacy privacy notice: my health details are used only by the pharmacy.')}</span>
      </label>
      <button type="submit" className="btn-primary w-fit" disabled={busy}>
        {busy ? t('Saving…') : t('Save pharmacy account')}
      </button>
    </Form>
  );
}

export default function PharmacyCreateAccountPage() {
  const { firstName, mode, hasProfile, missing, allergies } = useLoaderData<typeof loader>();
  const complete = hasProfile && missing.length === 0;
  const t = useT();
  return (
    <div className="container-page max-w-xl py-10">
      <div className="card p-6">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand">{t('Pharmacy')}</p>
        <h1 className="mt-1 text-2xl font-extrabold">
          {mode === 'create' && !hasProfile
            ? t('Create your pharmacy account')
            : mode === 'complete' && !complete
              ? t('Complete your pharmacy profile')
              : t('Pharmacy account')}
        </h1>
        {mode === 'health-app' ? (
          <p role="status" className="mt-4 rounded-xl bg-brand-soft p-3 text-sm font-medium text-brand-dark">
            {/* The spec quotes this notice's first words verbatim: the English key. */}
            {t('Password successfully updated!')} {t(OTHER_DEVICES_SIGNED_OUT)}{' '}
            {firstName
              ? t("You're signed in, {{firstName}}. Go back to the health app to continue with your prescriptions.", {
                  firstName,
                })
              : t("You're signed in. Go back to the health app to continue with your prescriptions.")}
          </p>
        ) : complete ? (
          <>
            <p className="mt-4 text-sm text-stone-700" data-testid="pharmacy-ready">
              {firstName
                ? t('{{firstName}}, your pharmacy account is ready.', { firstName })
                : t('Your pharmacy account is ready.')}
            </p>
            <Form method="post" action={HEALTH_SESSION_PATH} className="mt-4" reloadDocument>
              <button type="submit" className="btn-primary">
                {t('Open your health dashboard')}
              </button>
            </Form>
          </>
        ) : mode === 'create' || mode === 'complete' ? (
          <>
            <p className="mt-3 text-sm text-stone-700">
              {hasProfile
                ? t('Your pharmacy needs a few more details before it can show your prescriptions.')
                : firstName
                  ? t(
                      "You're signed in as {{firstName}}. Add the details a pharmacy needs to fill your prescriptions.",
                      {
                        firstName,
                      },
                    )
                  : t("You're signed in. Add the details a pharmacy needs to fill your prescriptions.")}
            </p>
            <ProfileForm askDateOfBirth={missing.includes('dateOfBirth')} allergies={allergies} />
          </>
        ) : (
          <>
            <p className="mt-4 text-sm text-stone-600">
              {firstName
                ? t("You're signed in as {{firstName}}. Set up a pharmacy account to see your prescriptions online.", {
                    firstName,
                  })
                : t("You're signed in. Set up a pharmacy account to see your prescriptions online.")}
            </p>
            <Link to="?newPharmacyAccount=true" className="btn-primary mt-4">
              {t('Set up your pharmacy account')}
            </Link>
          </>
        )}
        <Link to="/" className="btn-outline mt-6">
          {t('Keep shopping groceries')}
        </Link>
      </div>
    </div>
  );
}
