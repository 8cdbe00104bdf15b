import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { z } from 'zod';
import { AccountNav } from '~/components/AccountNav';
import { FormOutcome, useFormKey } from '~/components/FormOutcome';
import { CUSTOMER_ONLY, pageAccess, SIGN_IN_PATH, pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { pageStrings, serverT } from '~/modules/i18n/translations.server';
import { requireUserType } from '~/modules/access/shopper.server';
import { ALLERGENS, type AllergenId } from '~/modules/catalog/label-flags';
import { householdAllergies, saveHouseholdAllergies } from '~/modules/customers/household-allergies.server';
import { withHeaders } from '~/modules/http/api.server';
import { parseForm } from '~/modules/http/forms.server';

/** The household's allergy list (signed-in customers): shared by everyone in the household, shown as warnings. */
export const access = pageAccess({ allowedUserTypes: CUSTOMER_ONLY, redirections: { DEFAULT: SIGN_IN_PATH } });
export const handle = { access };

const SAVED = "Your household's allergy list is saved. Products that contain these allergens now carry a warning.";
const UNKNOWN_ALLERGEN = 'Choose allergens from the list: one of them is not one we know.';

const PageQuery = z.object({ done: z.enum(['saved']).optional().catch(undefined) });

// A form this page never renders (an old tab, a hand-made post) gets a plain message and changes nothing.
const UNKNOWN_FORM = 'We could not tell what that form was for. Please try again.';

// Only the allergens are read: the household is always the signed-in customer's own. An empty list is a
// choice (nothing ticked), so the form says it is this form with its intent.
const AllergyForm = z.object({
  intent: z.literal('save-allergies', { errorMap: () => ({ message: UNKNOWN_FORM }) }),
  allergen: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]))
    .pipe(
      z
        .array(z.enum(ALLERGENS.map((a) => a.id) as [AllergenId, ...AllergenId[]], { message: UNKNOWN_ALLERGEN }))
        .max(ALLERGENS.length, UNKNOWN_ALLERGEN),
    ),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const query = PageQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  const household = await householdAllergies(Number(shopper.customer!.customerId));
  return json(
    {
      allergens: household?.allergens ?? [],
      done: query.done ? serverT(shopper.language, 'account')(SAVED) : null,
      i18n: pageStrings(shopper.language, ['account']),
    },
    { headers: withHeaders(shopper.headers, { 'Cache-Control': 'private, no-store' }) },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const headers = shopper.headers;
  const form = await parseForm(request, AllergyForm);
  const t = serverT(shopper.language, 'account');
  if (!form.ok) return json({ message: t(form.message) }, { status: 400, headers });
  const saved = await saveHouseholdAllergies(Number(shopper.customer!.customerId), form.data.allergen);
  if (!saved)
    return json({ message: t('We could not find your household. Please sign in again.') }, { status: 404, headers });
  return redirect('/account/allergies.html?done=saved', { headers });
}

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(
    t("Your household's allergies"),
    t('Tell us which allergens your household avoids, and we will flag products that contain them.'),
  );
};

export default function AllergiesPage() {
  const { allergens, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const formKey = useFormKey(Boolean(answer));
  const t = useT();
  return (
    <div className="container-page max-w-5xl py-8">
      <h1 className="text-2xl font-extrabold md:text-3xl">{t('Household allergies')}</h1>
      <AccountNav />
      <FormOutcome error={answer?.message} done={done} />
      <section className="card mt-6 max-w-2xl p-5" aria-labelledby="allergies-heading">
        <h2 id="allergies-heading" className="text-lg font-bold">
          {t('Allergens your household avoids')}
        </h2>
        <p className="mt-1 text-sm text-stone-700">
          {t(
            'Everyone in your household shares this list. Products whose label lists one of these allergens say so on their card, on their page and in your cart.',
          )}
        </p>
        <Form key={formKey} method="post" className="mt-4">
          <input type="hidden" name="intent" value="save-allergies" />
          <fieldset>
            <legend className="text-sm font-semibold">{t('The nine major food allergens')}</legend>
            <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
              {ALLERGENS.map((allergen) => (
                <label
                  key={allergen.id}
                  className="flex items-center gap-2 rounded-xl border border-stone-200 p-3 text-sm has-[:checked]:border-brand has-[:checked]:bg-brand-soft"
                >
                  <input
                    type="checkbox"
                    name="allergen"
                    value={allergen.id}
                    defaultChecked={allergens.includes(allergen.id)}
                    className="h-4 w-4"
                  />
                  {t(allergen.label)}
                </label>
              ))}
            </div>
          </fieldset>
          <button type="submit" className="btn-primary mt-4" disabled={busy}>
            {busy ? t('Saving…') : t('Save allergy list')}
          </button>
        </Form>
      </section>
    </div>
  );
}
