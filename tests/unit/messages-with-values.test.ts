import { describe, expect, it } from 'vitest';
import { wordsIn } from '~/modules/i18n/translations.server';
import { waitRefusal } from '~/modules/identity/rate-limit.server';
import { evaluatePromo, type PromoTerms } from '~/modules/orders/promo-rules';
import { resolveTip } from '~/modules/orders/tip-rules';
import { adDealHeadline, adWeekLabel } from '~/modules/weekly-ad/ad-week';
import { FORM_NOT_VALID_MESSAGE, parseForm } from '~/modules/http/forms.server';
import { z } from 'zod';

const promo: PromoTerms = {
  code: 'SAVE5',
  kind: 'amount',
  value: 500,
  minBasketCents: 5000,
  firstOrderOnly: false,
  oncePerCustomer: false,
  startsAt: '2026-01-01T00:00:00Z',
  endsAt: '2027-01-01T00:00:00Z',
  usageCap: null,
  usedCount: 0,
};
const context = { basketCents: 3750, earlierOrders: 0, alreadyUsed: false, now: new Date('2026-06-01T00:00:00Z') };

describe('messages with a value in them', () => {
  it('writes a lock-out wait in the shopper’s language, and in English as it always read', () => {
    expect(waitRefusal('attempts', 120)).toBe('Too many attempts. Please try again in 2 minutes.');
    expect(waitRefusal('attempts', 30, 'en', 'seconds-then-minutes')).toBe(
      'Too many attempts. Please try again in 30 seconds.',
    );
    expect(waitRefusal('codesAskedFor', 60, 'es')).toBe('Pidió demasiados códigos. Inténtelo de nuevo en 1 minuto.');
    expect(waitRefusal('referralCodes', 600, 'es')).toBe(
      'Probó demasiados códigos de recomendación. Inténtelo de nuevo en 10 minutos o deje el código en blanco.',
    );
  });

  it('asks for the missing amount of a promo code’s minimum basket in Spanish', () => {
    expect(evaluatePromo(promo, context)).toMatchObject({ message: 'Add $12.50 more to use this code.' });
    expect(evaluatePromo(promo, { ...context, words: wordsIn('es', 'orders') })).toMatchObject({
      code: 'BELOW_MINIMUM',
      message: 'Agregue $12.50 más para usar este código.',
    });
  });

  it('gives the tip’s range in Spanish', () => {
    const refused = resolveTip({ choice: 'custom', amount: '90' }, 4000, 'delivery', wordsIn('es', 'orders'));
    expect(refused).toEqual({
      ok: false,
      message: 'Escriba una propina de $0.00 a $40.00 (como máximo $200.00 y nunca más que sus comestibles).',
    });
  });

  it('prints the weekly ad’s dates and deals with Intl in es-US', () => {
    const week = { startsOn: '2026-11-25', endsOn: '2026-12-01' };
    expect(adWeekLabel(week)).toBe('Wed, Nov 25 – Tue, Dec 1');
    expect(adWeekLabel(week, 'es')).toMatch(/^mié, 25 (de )?nov – mar, 1 (de )?dic$/);
    expect(adDealHeadline({ kind: 'bogo', value: 50, minQuantity: 2 }, wordsIn('es', 'shop'))).toBe(
      'Compre 2 y llévese 1 a mitad de precio',
    );
  });

  it('refuses a tampered form field with the generic message, and keeps a schema’s own', async () => {
    const schema = z.object({ intent: z.enum(['email', 'code']), email: z.string().email('Enter your email.') });
    const post = (body: string) =>
      new Request('http://localhost/form', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://localhost' },
        body,
      });
    expect(await parseForm(post('intent=hack&email=a@b.test'), schema)).toMatchObject({
      ok: false,
      message: FORM_NOT_VALID_MESSAGE,
    });
    expect(await parseForm(post('intent=email&email=nope'), schema)).toMatchObject({
      ok: false,
      message: 'Enter your email.',
    });
    // A message given to the type itself, or its own error map, is the schema's too: the generic one never wins.
    const typed = z.object({
      allergen: z.enum(['milk', 'eggs'], { message: 'Choose allergens from the list.' }),
      intent: z.literal('save', { errorMap: () => ({ message: 'That form is not one of ours.' }) }),
    });
    expect(await parseForm(post('allergen=gluten&intent=save'), typed)).toMatchObject({
      ok: false,
      message: 'Choose allergens from the list.',
    });
    expect(await parseForm(post('allergen=milk&intent=drop'), typed)).toMatchObject({
      ok: false,
      message: 'That form is not one of ours.',
    });
  });
});
