import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { EditRemoveActions } from '~/components/EditRemoveActions';
import { FormOutcome, useFormKey } from '~/components/FormOutcome';
import { z } from 'zod';
import { AccountNav } from '~/components/AccountNav';
import { PetPortrait } from '~/components/PetPortrait';
import { CUSTOMER_ONLY, pageAccess, SIGN_IN_PATH, pageMeta, useLanguage, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { pageStrings, serverT } from '~/modules/i18n/translations.server';
import { INTL_LOCALE, type Language } from '~/modules/i18n/languages';
import { requireUserType } from '~/modules/access/shopper.server';
import { fieldErrors, formValues } from '~/modules/customers/form-errors';
import {
  PET_MESSAGES,
  PET_PORTRAITS,
  PET_TYPES,
  petProfileSchema,
  PORTRAIT_LABELS,
} from '~/modules/customers/pet-rules';
import { createPet, deletePet, listPets, updatePet, type PetProfile } from '~/modules/customers/pets.server';
import { withHeaders } from '~/modules/http/api.server';
import { parseForm } from '~/modules/http/forms.server';
import { FIELD_INPUT_CLASS, FieldError, FormField } from '~/components/FormField';

/** Pet profiles (signed-in customers): list, add, edit and remove the customer's own pets. */
export const access = pageAccess({ allowedUserTypes: CUSTOMER_ONLY, redirections: { DEFAULT: SIGN_IN_PATH } });
export const handle = { access };

const PAGE = '/account/pet.html';
const DONE = { added: PET_MESSAGES.added, updated: PET_MESSAGES.updated, deleted: PET_MESSAGES.deleted } as const;

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
    intent: z.enum(['add', 'update', 'delete'], { errorMap: () => ({ message: UNKNOWN_FORM }) }),
    petId: z.coerce.number().int().optional(),
  })
  .passthrough();

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const query = PageQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  const pets = await listPets(Number(shopper.customer!.customerId));
  return json(
    {
      pets,
      done: query.done ? serverT(shopper.language, 'account')(DONE[query.done]) : null,
      i18n: pageStrings(shopper.language, ['account']),
      editing: pets.find((pet) => pet.petId === query.edit) ?? null,
    },
    { headers: withHeaders(shopper.headers, { 'Cache-Control': 'private, no-store' }) },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const customerId = Number(shopper.customer!.customerId);
  const headers = shopper.headers;
  const form = await parseForm(request, Intent);
  const t = serverT(shopper.language, 'account');
  const inLanguage = (problem: { errors: Record<string, string>; message: string }) => ({
    errors: Object.fromEntries(Object.entries(problem.errors).map(([name, text]) => [name, t(text)])),
    message: t(problem.message),
  });
  if (!form.ok) return json({ intent: null, ...form, ...inLanguage(form), values: {} }, { status: 400, headers });
  const { intent, petId = 0 } = form.data;
  const refuse = (problem: { errors: Record<string, string>; message: string }) =>
    json({ intent, ...inLanguage(problem), values: formValues(form.data) }, { status: 400, headers });
  const done = (key: keyof typeof DONE) => redirect(`${PAGE}?done=${key}`, { headers });

  if (intent === 'delete') {
    return (await deletePet(customerId, petId))
      ? done('deleted')
      : refuse({ errors: {}, message: PET_MESSAGES.notFound });
  }
  const parsed = petProfileSchema.safeParse(form.data);
  if (!parsed.success) return refuse(fieldErrors(parsed.error));
  if (intent === 'update') {
    return (await updatePet(customerId, petId, parsed.data))
      ? done('updated')
      : refuse({ errors: {}, message: PET_MESSAGES.notFound });
  }
  await createPet(customerId, parsed.data);
  return done('added');
}

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(t('Your pets'), t('Tell us who you shop for, and we will point out food and treats your pets like.'));
};

function formatBirthday(birthday: string | null, language: Language) {
  if (!birthday) return null;
  return new Date(`${birthday}T12:00:00Z`).toLocaleDateString(INTL_LOCALE[language], {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export default function PetsPage() {
  const { pets, done, editing } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const formKey = useFormKey(Boolean(answer));
  const t = useT();
  const language = useLanguage();
  return (
    <div className="container-page max-w-5xl py-8">
      <h1 className="text-2xl font-extrabold md:text-3xl">{t('Your pets')}</h1>
      <AccountNav />
      <FormOutcome error={answer?.message} done={done} />

      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_24rem]">
        <section aria-labelledby="pets-heading">
          <h2 id="pets-heading" className="text-lg font-bold">
            {t('Pet profiles')}
          </h2>
          <p className="text-sm text-stone-600">
            {t('Tell us who you shop for, and we will point out food and treats they like.')}
          </p>
          {pets.length === 0 ? (
            <p className="mt-4 rounded-2xl border border-dashed border-stone-300 p-6 text-center text-stone-600">
              {t('No pet profiles yet.')}
            </p>
          ) : (
            <ul className="mt-4 grid gap-3 sm:grid-cols-2">
              {pets.map((pet) => (
                <li key={pet.petId} className="card flex flex-col gap-3 p-4" data-testid="pet-card">
                  <div className="flex items-center gap-3">
                    <PetPortrait portrait={pet.photo} size={64} />
                    <div className="min-w-0">
                      <p className="truncate text-lg font-bold">{pet.name}</p>
                      <p className="text-sm text-stone-700">
                        {[pet.type ? t(pet.type) : null, pet.breed].filter(Boolean).join(' · ')}
                      </p>
                      {pet.birthday ? (
                        <p className="text-xs text-stone-500">
                          {t('Born {{day}}', { day: formatBirthday(pet.birthday, language) ?? '' })}
                        </p>
                      ) : null}
                    </div>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <EditRemoveActions
                      editHref={`${PAGE}?edit=${pet.petId}#pet-form`}
                      idField="petId"
                      id={pet.petId}
                      name={pet.name}
                      busy={busy}
                    />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>

        <PetForm
          key={formKey}
          editing={editing}
          answer={answer && answer.intent !== 'delete' ? answer : null}
          busy={busy}
        />
      </div>
    </div>
  );
}

function PetForm({
  editing,
  answer,
  busy,
}: {
  editing: PetProfile | null;
  answer: { errors: Record<string, string>; values: Record<string, string | string[]> } | null;
  busy: boolean;
}) {
  const values = answer?.values;
  const errors = answer?.errors ?? {};
  const value = (name: 'name' | 'type' | 'breed' | 'birthday' | 'photo', fallback = '') => {
    const typed = values?.[name];
    if (typeof typed === 'string') return typed;
    return editing?.[name] ?? fallback;
  };
  const photo = value('photo');
  const t = useT();
  return (
    <section id="pet-form" className="card h-fit p-5" aria-labelledby="pet-form-heading">
      <h2 id="pet-form-heading" className="text-lg font-bold">
        {editing ? t('Edit {{name}}', { name: editing.name }) : t('Add a pet')}
      </h2>
      <Form method="post" className="mt-3 grid gap-3" noValidate>
        <input type="hidden" name="intent" value={editing ? 'update' : 'add'} />
        {editing ? <input type="hidden" name="petId" value={editing.petId} /> : null}
        <FormField prefix="pet" name="name" label={t('Name')} errors={errors}>
          {(control) => (
            <input {...control} defaultValue={value('name')} className={FIELD_INPUT_CLASS} maxLength={40} />
          )}
        </FormField>
        <div className="grid grid-cols-2 gap-3">
          <FormField prefix="pet" name="type" label={t('Kind of pet')} errors={errors}>
            {(control) => (
              <select {...control} defaultValue={value('type')} className={FIELD_INPUT_CLASS}>
                <option value="">{t('Choose…')}</option>
                {PET_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(type)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField prefix="pet" name="breed" label={t('Breed (optional)')} errors={errors}>
            {(control) => (
              <input {...control} defaultValue={value('breed')} className={FIELD_INPUT_CLASS} maxLength={60} />
            )}
          </FormField>
        </div>
        <FormField prefix="pet" name="birthday" label={t('Birthday (optional)')} errors={errors}>
          {(control) => (
            <input {...control} type="date" defaultValue={value('birthday')} className={FIELD_INPUT_CLASS} />
          )}
        </FormField>
        <fieldset aria-describedby={errors.photo ? 'pet-photo-error' : undefined}>
          <legend className="text-sm font-semibold">
            {t('Portrait')}{' '}
            <span className="font-normal text-stone-600">{t('(optional: we pick one for the kind of pet)')}</span>
          </legend>
          <div className="mt-1 grid grid-cols-3 gap-2">
            {PET_PORTRAITS.map((key) => (
              <label
                key={key}
                className="flex cursor-pointer flex-col items-center gap-1 rounded-xl border border-stone-200 p-2 text-xs has-[:checked]:border-brand has-[:checked]:bg-brand-soft has-[:focus-visible]:outline has-[:focus-visible]:outline-[3px] has-[:focus-visible]:outline-sky-600"
              >
                <input type="radio" name="photo" value={key} defaultChecked={photo === key} className="sr-only" />
                <PetPortrait portrait={key} size={56} />
                {t(PORTRAIT_LABELS[key])}
              </label>
            ))}
          </div>
          <FieldError id="pet-photo-error" message={errors.photo} />
        </fieldset>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn-primary" disabled={busy}>
            {editing ? t('Save changes') : t('Add pet')}
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
