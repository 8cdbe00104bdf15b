import { describe, expect, it } from 'vitest';
import { cardBrand, checkoutFormSchema, luhn, orderNumberSchema } from '~/modules/orders/order-rules';
import { forcedPreference } from '~/modules/orders/order-session.server';
import type { Shopper } from '~/modules/access/shopper.server';
import { cartFormSchema } from '~/modules/cart/cart-form-schema';

const as = (userType: Shopper['userType']) => ({ userType }) as Shopper;

describe('order rules', () => {
  it('accepts card numbers that pass the Luhn check and refuses the rest', () => {
    expect(luhn('4111111111111111')).toBe(true);
    expect(luhn('4111111111111112')).toBe(false);
    const parsed = checkoutFormSchema.safeParse({ intent: 'card', cardNumber: '4111 1111 1111 1112', expiry: '12/30' });
    expect(parsed.success).toBe(false);
    expect(cardBrand('5500000000000004')).toBe('Mastercard');
  });

  it('reads order numbers of both series only', () => {
    expect(orderNumberSchema.safeParse('C20000001').success).toBe(true);
    expect(orderNumberSchema.safeParse('B60000001').success).toBe(true);
    expect(orderNumberSchema.safeParse("C2000' or 1=1").success).toBe(false);
  });

  it('forces the order fulfilment preference in edit-order mode for R and C only', () => {
    const editing = { orderNumber: 'C20000001', slotId: 1, fulfillment: 'DUG' };
    expect(forcedPreference(editing, as('C'))).toBe('Dug');
    expect(forcedPreference({ ...editing, fulfillment: 'DELIVERY' }, as('R'))).toBe('Delivery');
    expect(forcedPreference(editing, as('G'))).toBeNull();
    expect(forcedPreference(null, as('C'))).toBeNull();
  });

  it('refuses cart quantities outside 0 to 99 and notes with markup', () => {
    expect(cartFormSchema.safeParse({ intent: 'update', productId: '1', quantity: '100' }).success).toBe(false);
    expect(cartFormSchema.safeParse({ intent: 'update', productId: '1', quantity: '-1' }).success).toBe(false);
    expect(cartFormSchema.safeParse({ intent: 'add', productId: '1', quantity: '0' }).success).toBe(false);
    expect(cartFormSchema.safeParse({ intent: 'note', productId: '1', note: '<b>hi</b>' }).success).toBe(false);
    expect(cartFormSchema.safeParse({ intent: 'note', productId: '1', note: 'ripe ones' }).success).toBe(true);
  });
});
