import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  clubCardNumber,
  optionalStoreCardFields,
  storeCardLookupSchema,
  storeCardOfForm,
} from '~/modules/customers/store-card-schema';
import { STORE_CARD_NUMBER_MESSAGE, STORE_CARD_PHONE_MESSAGE } from '~/modules/customers/store-card-words';

const messageOf = (result: z.SafeParseReturnType<unknown, unknown>) =>
  result.success ? null : result.error.issues[0]!.message;

describe('store card shapes', () => {
  it('keeps a card number as its 12 digits, typed with spaces or hyphens as printed', () => {
    expect(clubCardNumber.parse('4400 1234 5678')).toBe('440012345678');
    expect(clubCardNumber.parse('4400-1234-5678')).toBe('440012345678');
  });

  it('refuses a card number that is not 12 digits, with the card’s own message', () => {
    for (const value of ['44001234567', '4400123456789', '4400abcd5678', ''])
      expect(messageOf(clubCardNumber.safeParse(value))).toBe(STORE_CARD_NUMBER_MESSAGE);
    expect(messageOf(clubCardNumber.safeParse(440012345678))).toBe(STORE_CARD_NUMBER_MESSAGE);
  });

  it('keeps the lookup’s phone as 10 digits and refuses other fields', () => {
    expect(storeCardLookupSchema.parse({ clubCard: '440012345678', phone: '(206) 555-0123' })).toEqual({
      clubCard: '440012345678',
      phone: '2065550123',
    });
    expect(messageOf(storeCardLookupSchema.safeParse({ clubCard: '440012345678' }))).toBe(STORE_CARD_PHONE_MESSAGE);
    expect(messageOf(storeCardLookupSchema.safeParse({ clubCard: '440012345678', phone: '55501' }))).toBe(
      STORE_CARD_PHONE_MESSAGE,
    );
    expect(
      storeCardLookupSchema.safeParse({ clubCard: '440012345678', phone: '2065550123', email: 'a@b.test' }).success,
    ).toBe(false);
  });

  it('treats the create-account form’s empty card fields as no card', () => {
    const form = z.object(optionalStoreCardFields);
    expect(form.parse({ clubCard: '', cardPhone: '  ' })).toEqual({ clubCard: undefined, cardPhone: undefined });
    expect(messageOf(form.safeParse({ clubCard: '1234', cardPhone: '' }))).toBe(STORE_CARD_NUMBER_MESSAGE);
  });

  it('proves a card with the phone on it, else with the mobile phone typed above', () => {
    expect(storeCardOfForm({ phone: '2065550188' })).toBeUndefined();
    expect(storeCardOfForm({ clubCard: '440012345678', phone: '2065550188' })).toEqual({
      clubCard: '440012345678',
      phone: '2065550188',
    });
    expect(storeCardOfForm({ clubCard: '440012345678', cardPhone: '2065550123', phone: '2065550188' })).toEqual({
      clubCard: '440012345678',
      phone: '2065550123',
    });
  });
});
