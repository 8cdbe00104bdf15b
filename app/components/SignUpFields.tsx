import { useRef, useState, type FocusEvent } from 'react';
import { useT } from '~/components/page-essentials';
import {
  STORE_CARD_LINKED_MESSAGE,
  STORE_CARD_NOT_FOUND_MESSAGE,
  type StoreCardLookup,
} from '~/modules/customers/store-card-words';

/** The create-account form's fields: the account's, the business site's, a friend's code and a store card's. */
export type Field = {
  name: string;
  label: string;
  autoComplete: string;
  type: string;
  hint?: string;
  inputMode?: 'numeric' | 'tel';
};

export const BUSINESS_FIELDS: readonly Field[] = [
  { name: 'companyName', label: 'Company name', autoComplete: 'organization', type: 'text' },
  { name: 'taxId', label: 'Tax id (EIN)', autoComplete: 'off', type: 'text', hint: 'Nine digits, as NN-NNNNNNN.' },
];

export const FIELDS: readonly Field[] = [
  { name: 'firstName', label: 'First name', autoComplete: 'given-name', type: 'text' },
  { name: 'lastName', label: 'Last name', autoComplete: 'family-name', type: 'text' },
  { name: 'email', label: 'Email', autoComplete: 'email', type: 'email' },
  { name: 'phone', label: 'Mobile phone', autoComplete: 'tel', type: 'tel' },
  { name: 'password', label: 'Password', autoComplete: 'new-password', type: 'password' },
  { name: 'zipcode', label: 'ZIP code', autoComplete: 'postal-code', type: 'text' },
];

export const REFERRAL_FIELD: Field = {
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

export function FormField({
  field,
  value,
  error,
}: {
  field: Field;
  value: string | undefined;
  error: string | undefined;
}) {
  const t = useT();
  return (
    <label className="text-sm font-semibold">
      {t(field.label)}
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
          {t(field.hint)}
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
export function StoreCardPart({ values, errors }: { values: Record<string, string>; errors: Record<string, string> }) {
  const [answer, setAnswer] = useState<StoreCardLookup | { refused: string } | null>(null);
  const asked = useRef('');
  const t = useT();
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
        {t('Have a store card? Keep your points')}
      </summary>
      <fieldset className="mt-2 grid gap-3" onBlur={lookUp}>
        <legend className="text-xs text-stone-600">
          {t('Your card’s points, household and offers come with your new account.')}
        </legend>
        {STORE_CARD_FIELDS.map((field) => (
          <FormField key={field.name} field={field} value={values[field.name]} error={errors[field.name]} />
        ))}
        <p role="status" className="text-sm font-medium" data-testid="store-card-lookup">
          {answer === null
            ? null
            : 'refused' in answer
              ? t(answer.refused)
              : !answer.found
                ? t(STORE_CARD_NOT_FOUND_MESSAGE)
                : answer.stepUp
                  ? t('Welcome back, {{firstName}}! Your points come with your new account.', {
                      firstName: answer.firstName,
                    })
                  : t(STORE_CARD_LINKED_MESSAGE)}
        </p>
      </fieldset>
    </details>
  );
}
