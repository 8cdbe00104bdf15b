import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { EditRemoveActions } from '~/components/EditRemoveActions';
import { FormOutcome, useFormKey } from '~/components/FormOutcome';
import { z } from 'zod';
import { AccountNav } from '~/components/AccountNav';
import { CUSTOMER_ONLY, pageAccess, SIGN_IN_PATH, pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { pageStrings, serverT } from '~/modules/i18n/translations.server';
import { requireUserType } from '~/modules/access/shopper.server';
import { bannerById } from '~/modules/banners/banners.server';
import {
  ADDRESS_MESSAGES,
  ADDRESS_PURPOSES,
  addressUpdateSchema,
  newAddressSchema,
  PURPOSE_LABELS,
  selectedAddressSchema,
} from '~/modules/customers/address-rules';
import { US_STATES } from '~/modules/geo/us-states';
import {
  addAddress,
  deleteAddress,
  listAddresses,
  selectAddress,
  updateAddress,
  type AddressView,
} from '~/modules/customers/addresses.server';
import { fieldErrors, formValues } from '~/modules/customers/form-errors';
import { withHeaders } from '~/modules/http/api.server';
import { parseForm } from '~/modules/http/forms.server';
import { FIELD_INPUT_CLASS, FieldError, FormField } from '~/components/FormField';

/** Saved addresses (signed-in customers): list, add, edit, remove, and the selected one per purpose. */
export const access = pageAccess({ allowedUserTypes: CUSTOMER_ONLY, redirections: { DEFAULT: SIGN_IN_PATH } });
export const handle = { access };

const PAGE = '/account/addresses.html';
const DONE = {
  added: ADDRESS_MESSAGES.added,
  duplicate: ADDRESS_MESSAGES.duplicate,
  updated: ADDRESS_MESSAGES.updated,
  deleted: ADDRESS_MESSAGES.deleted,
  selected: ADDRESS_MESSAGES.selected,
} as const;

const PageQuery = z.object({
  done: z
    .enum(Object.keys(DONE) as [keyof typeof DONE])
    .optional()
    .catch(undefined),
  edit: z.coerce.number().int().positive().optional().catch(undefined),
});

// A form this page never renders (an old tab, a hand-made post) gets a plain message, not zod's.
const UNKNOWN_FORM = 'We could not tell what that form was for. Please try again.';
const Intent = z
  .object({
    intent: z.enum(['add', 'update', 'delete', 'select'], { errorMap: () => ({ message: UNKNOWN_FORM }) }),
    addressId: z.coerce.number().int().optional(),
  })
  .passthrough();

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const query = PageQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  const customerId = Number(shopper.customer!.customerId);
  const [addresses, banner] = await Promise.all([
    listAddresses(customerId, shopper.host.bannerId),
    bannerById(shopper.host.bannerId),
  ]);
  return json(
    {
      addresses,
      bannerName: banner.name,
      done: query.done ? serverT(shopper.language, 'account')(DONE[query.done]) : null,
      i18n: pageStrings(shopper.language, ['account']),
      editing: addresses.find((address) => address.addressId === query.edit) ?? null,
    },
    { headers: withHeaders(shopper.headers, { 'Cache-Control': 'private, no-store' }) },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const customerId = Number(shopper.customer!.customerId);
  const bannerId = shopper.host.bannerId;
  const headers = shopper.headers;
  const form = await parseForm(request, Intent);
  const t = serverT(shopper.language, 'account');
  const inLanguage = (problem: { errors: Record<string, string>; message: string }) => ({
    errors: Object.fromEntries(Object.entries(problem.errors).map(([name, text]) => [name, t(text)])),
    message: t(problem.message),
  });
  if (!form.ok)
    return json({ intent: null, addressId: null, ...form, ...inLanguage(form), values: {} }, { status: 400, headers });
  const { intent, addressId = 0 } = form.data;
  const refuse = (problem: { errors: Record<string, string>; message: string }) =>
    json({ intent, addressId, ...inLanguage(problem), values: formValues(form.data) }, { status: 400, headers });
  const done = (key: keyof typeof DONE) => redirect(`${PAGE}?done=${key}`, { headers });

  if (intent === 'delete') {
    const result = await deleteAddress(customerId, addressId);
    return result.ok ? done('deleted') : refuse({ errors: {}, message: result.message });
  }
  if (intent === 'select') {
    const parsed = selectedAddressSchema.safeParse({ addressId, purposes: form.data.purposes });
    if (!parsed.success) return refuse(fieldErrors(parsed.error));
    const result = await selectAddress(customerId, bannerId, parsed.data);
    return result.ok ? done('selected') : refuse({ errors: {}, message: result.message });
  }
  if (intent === 'update') {
    const parsed = addressUpdateSchema.safeParse(form.data);
    if (!parsed.success) return refuse(fieldErrors(parsed.error));
    const result = await updateAddress(customerId, addressId, bannerId, parsed.data);
    if (!result.ok)
      return refuse({ errors: result.field ? { [result.field]: result.message } : {}, message: result.message });
    return done('updated');
  }
  const parsed = newAddressSchema.safeParse(form.data);
  if (!parsed.success) return refuse(fieldErrors(parsed.error));
  const result = await addAddress(customerId, bannerId, parsed.data);
  if (!result.ok)
    return refuse({ errors: result.field ? { [result.field]: result.message } : {}, message: result.message });
  return done(result.created ? 'added' : 'duplicate');
}

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(t('Your addresses'), t('Add, edit and choose the delivery addresses on your account.'));
};

function formatZip(address: Pick<AddressView, 'postalCode' | 'postalCodeExtn'>) {
  return address.postalCodeExtn ? `${address.postalCode}-${address.postalCodeExtn}` : address.postalCode;
}

export default function AddressesPage() {
  const { addresses, bannerName, done, editing } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const formKey = useFormKey(Boolean(answer));
  const t = useT();
  const purposeWord = (purpose: keyof typeof PURPOSE_LABELS) => t(PURPOSE_LABELS[purpose].toLowerCase());
  return (
    <div className="container-page max-w-5xl py-8">
      <h1 className="text-2xl font-extrabold md:text-3xl">{t('Your addresses')}</h1>
      <AccountNav />
      <FormOutcome error={answer?.message} done={done} />

      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_24rem]">
        <section aria-labelledby="saved-heading">
          <h2 id="saved-heading" className="text-lg font-bold">
            {t('Saved addresses')}
          </h2>
          <p className="text-sm text-stone-600">
            {t(
              'The selected delivery address is where {{banner}} delivers your orders; billing is where your card statements go.',
              { banner: bannerName },
            )}
          </p>
          {addresses.length === 0 ? (
            <p className="mt-4 rounded-2xl border border-dashed border-stone-300 p-6 text-center text-stone-600">
              {t('No saved addresses yet. Add one to get deliveries.')}
            </p>
          ) : (
            <ul className="mt-4 flex flex-col gap-3">
              {addresses.map((address) => (
                <li key={address.addressId} className="card p-4" data-testid="address-card">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div>
                      <p className="font-bold">{address.addressName}</p>
                      <p className="text-sm text-stone-700">
                        {[address.address1, address.address2].filter(Boolean).join(', ')}
                      </p>
                      <p className="text-sm text-stone-700">
                        {address.city}, {address.stateCode} {formatZip(address)}
                      </p>
                      <p className="mt-1 text-xs text-stone-500">
                        {t('Used for {{purposes}}', {
                          purposes: address.purposes.map(purposeWord).join(` ${t('and')} `),
                        })}
                      </p>
                    </div>
                    <ul className="flex flex-wrap gap-1" aria-label={t('Selected for')}>
                      {address.selectedPurposes.map((purpose) => (
                        <li
                          key={purpose}
                          className="rounded-full bg-brand-soft px-2 py-0.5 text-xs font-semibold text-brand-dark"
                          data-testid="selected-badge"
                        >
                          {t('Selected for {{purpose}}', { purpose: purposeWord(purpose) })}
                        </li>
                      ))}
                    </ul>
                  </div>
                  <div className="mt-3 flex flex-wrap gap-2">
                    {address.purposes
                      .filter((purpose) => !address.selectedPurposes.includes(purpose))
                      .map((purpose) => (
                        <Form method="post" key={purpose}>
                          <input type="hidden" name="intent" value="select" />
                          <input type="hidden" name="addressId" value={address.addressId} />
                          <input type="hidden" name="purposes" value={purpose} />
                          <button type="submit" className="btn-outline text-xs" disabled={busy}>
                            {t('Use for {{purpose}}', { purpose: purposeWord(purpose) })}
                            <span className="sr-only"> ({address.addressName})</span>
                          </button>
                        </Form>
                      ))}
                    <EditRemoveActions
                      editHref={`${PAGE}?edit=${address.addressId}#address-form`}
                      idField="addressId"
                      id={address.addressId}
                      name={address.addressName}
                      busy={busy}
                    />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>

        <AddressForm
          key={formKey}
          editing={editing}
          bannerName={bannerName}
          answer={answer && (answer.intent === 'add' || answer.intent === 'update') ? answer : null}
          busy={busy}
        />
      </div>
    </div>
  );
}

function AddressForm({
  editing,
  bannerName,
  answer,
  busy,
}: {
  editing: AddressView | null;
  bannerName: string;
  answer: { errors: Record<string, string>; values: Record<string, string | string[]> } | null;
  busy: boolean;
}) {
  const values = answer?.values;
  const errors = answer?.errors ?? {};
  const value = (name: keyof AddressView & string, fallback = '') => {
    const typed = values?.[name];
    if (typeof typed === 'string') return typed;
    const saved = editing?.[name];
    return typeof saved === 'string' ? saved : fallback;
  };
  const chosenPurposes = (() => {
    const typed = values?.purposes;
    if (typed !== undefined) return Array.isArray(typed) ? typed : [typed];
    if (values) return [];
    return editing ? editing.purposes : [...ADDRESS_PURPOSES];
  })();
  const postal = editing && !values ? formatZip(editing) : value('postalCode');
  const t = useT();
  return (
    <section id="address-form" className="card h-fit p-5" aria-labelledby="address-form-heading">
      <h2 id="address-form-heading" className="text-lg font-bold">
        {editing ? t('Edit {{name}}', { name: editing.addressName }) : t('Add an address')}
      </h2>
      <Form method="post" className="mt-3 grid gap-3" noValidate>
        <input type="hidden" name="intent" value={editing ? 'update' : 'add'} />
        {editing ? <input type="hidden" name="addressId" value={editing.addressId} /> : null}
        <input type="hidden" name="country" value="US" />
        <FormField prefix="address" name="addressName" label={t('Address name')} errors={errors}>
          {(control) => (
            <input
              {...control}
              defaultValue={value('addressName', t('Home'))}
              className={FIELD_INPUT_CLASS}
              maxLength={40}
            />
          )}
        </FormField>
        <FormField prefix="address" name="address1" label={t('Street address')} errors={errors}>
          {(control) => (
            <input
              {...control}
              defaultValue={value('address1')}
              className={FIELD_INPUT_CLASS}
              autoComplete="address-line1"
            />
          )}
        </FormField>
        <FormField prefix="address" name="address2" label={t('Apartment, suite (optional)')} errors={errors}>
          {(control) => (
            <input
              {...control}
              defaultValue={value('address2')}
              className={FIELD_INPUT_CLASS}
              autoComplete="address-line2"
            />
          )}
        </FormField>
        <FormField prefix="address" name="city" label={t('City')} errors={errors}>
          {(control) => (
            <input
              {...control}
              defaultValue={value('city')}
              className={FIELD_INPUT_CLASS}
              autoComplete="address-level2"
            />
          )}
        </FormField>
        <div className="grid grid-cols-2 gap-3">
          <FormField prefix="address" name="stateCode" label={t('State')} errors={errors}>
            {(control) => (
              <select
                {...control}
                defaultValue={value('stateCode')}
                className={FIELD_INPUT_CLASS}
                autoComplete="address-level1"
              >
                <option value="">{t('Choose…')}</option>
                {Object.entries(US_STATES).map(([code, name]) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField prefix="address" name="postalCode" label={t('ZIP code')} errors={errors}>
            {(control) => (
              <input
                {...control}
                defaultValue={postal}
                className={FIELD_INPUT_CLASS}
                inputMode="numeric"
                autoComplete="postal-code"
                placeholder="98101"
              />
            )}
          </FormField>
        </div>
        <fieldset aria-describedby={errors.purposes ? 'address-purposes-error' : undefined}>
          <legend className="text-sm font-semibold">{t('Use this address for')}</legend>
          <div className="mt-1 flex flex-wrap gap-4">
            {ADDRESS_PURPOSES.map((purpose) => (
              <label key={purpose} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="purposes"
                  value={purpose}
                  defaultChecked={chosenPurposes.includes(purpose)}
                  className="h-4 w-4 accent-brand"
                />
                {t(PURPOSE_LABELS[purpose])}
              </label>
            ))}
          </div>
          <FieldError id="address-purposes-error" message={errors.purposes} />
        </fieldset>
        {editing ? null : (
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              name="isSelectedAddress"
              defaultChecked={values ? values.isSelectedAddress === 'on' : true}
              className="mt-0.5 h-4 w-4 accent-brand"
            />
            {t('Make it my selected address for these on {{banner}}', { banner: bannerName })}
          </label>
        )}
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn-primary" disabled={busy}>
            {editing ? t('Save changes') : t('Save address')}
          </button>
          {editing ? (
            <Link to={PAGE} className="btn-outline">
              {t('Cancel')}
            </Link>
          ) : null}
        </div>
      </Form>
    </section>
  );
}
