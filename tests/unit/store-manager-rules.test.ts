import { describe, expect, it } from 'vitest';
import { MESSAGE_KINDS } from '~/modules/mail/message-kinds';
import { serverT } from '~/modules/i18n/translations.server';
import {
  BELOW_TAKEN,
  checkCapacity,
  isStoreManager,
  maskAddressesIn,
  maskRecipient,
  messageKindLabel,
  MESSAGE_KIND_LABELS,
  slotEditable,
  storeManagerActionSchema,
  storePageHref,
  storePageQuerySchema,
} from '~/modules/staff/store-manager-rules';

describe("the store manager's rules", () => {
  it('keeps a capacity at or above the places taken, and says how many are taken', () => {
    expect(checkCapacity(5, 5)).toEqual({ ok: true });
    expect(checkCapacity(0, 0)).toEqual({ ok: true });
    expect(checkCapacity(4, 5)).toEqual({ ok: false, code: 'BELOW_TAKEN', taken: 5 });
    const t = serverT('en', 'staff');
    expect(t(BELOW_TAKEN, { count: 1 })).toBe(
      '1 place is already taken in this window, so its capacity cannot go below 1.',
    );
    expect(t(BELOW_TAKEN, { count: 3 })).toBe(
      '3 places are already taken in this window, so its capacity cannot go below 3.',
    );
    expect(serverT('es', 'staff')(BELOW_TAKEN, { count: 1 })).toBe(
      'Ya hay 1 lugar ocupado en este horario, así que su capacidad no puede bajar de 1.',
    );
  });

  it('lets only a store manager change things', () => {
    expect(isStoreManager({ roles: ['manager'] })).toBe(true);
    expect(isStoreManager({ roles: ['picker', 'driver'] })).toBe(false);
  });

  it('changes a window only before it starts', () => {
    const now = new Date('2026-11-28T17:00:00Z');
    expect(slotEditable('2026-11-28T17:00:01.000Z', now)).toBe(true);
    expect(slotEditable('2026-11-28T17:00:00.000Z', now)).toBe(false);
  });

  it('masks a recipient to its first letter and domain', () => {
    expect(maskRecipient('jordan@pantry.test')).toBe('j***@pantry.test');
    expect(maskRecipient('a@b.c')).toBe('a***@b.c');
    expect(maskRecipient('+1 206 555 0142')).toBe('***42');
    expect(maskRecipient('x')).toBe('***');
  });

  it('masks every address inside an error text', () => {
    expect(maskAddressesIn('550 5.1.1 <sam@pantry.test>: Recipient address rejected')).toBe(
      '550 5.1.1 <s***@pantry.test>: Recipient address rejected',
    );
    expect(maskAddressesIn('connect ECONNREFUSED 127.0.0.1:2525')).toBe('connect ECONNREFUSED 127.0.0.1:2525');
  });

  it('names a message kind in words', () => {
    expect(messageKindLabel('order-placed')).toBe('Order placed');
    expect(messageKindLabel('sign-in-code')).toBe('Sign in code');
    expect(messageKindLabel('')).toBe('Message');
  });

  it('gives every message kind a label with a Spanish translation', () => {
    const spanish = serverT('es', 'staff');
    for (const kind of MESSAGE_KINDS) {
      const label = messageKindLabel(kind);
      expect(label).toBe(MESSAGE_KIND_LABELS[kind]);
      expect(spanish(label), kind).not.toBe(label);
    }
    expect(spanish(messageKindLabel('order-placed'))).toBe('Pedido hecho');
    expect(spanish(messageKindLabel('weekly-offers'))).toBe('Ofertas de la semana');
  });

  it('accepts a capacity from 0 to 200 in whole places, with a clear message otherwise', () => {
    const parse = (capacity: string) =>
      storeManagerActionSchema.safeParse({ intent: 'capacity', slotId: '7', capacity });
    expect(parse('0').success).toBe(true);
    expect(parse('200').success).toBe(true);
    for (const bad of ['-1', '201', '2.5', 'lots', '']) {
      const result = parse(bad);
      expect(result.success, bad).toBe(false);
      if (!result.success) expect(result.error.issues[0]!.message).toMatch(/from 0 to 200/);
    }
    expect(storeManagerActionSchema.safeParse({ intent: 'drop', slotId: '7' }).success).toBe(false);
    expect(storeManagerActionSchema.safeParse({ intent: 'close', slotId: 'x' }).success).toBe(false);
  });

  it('reads the page address and writes it back with what was done', () => {
    const query = storePageQuerySchema.parse({ store: '1001', day: '2026-11-29', q: ' milk ' });
    expect(query).toEqual({ store: 1001, day: '2026-11-29', q: 'milk' });
    expect(storePageHref(query, 'closed')).toBe('/staff/store?store=1001&day=2026-11-29&q=milk&done=closed');
    expect(storePageHref({ store: 1001 })).toBe('/staff/store?store=1001');
    expect(storePageQuerySchema.safeParse({ store: '1001', day: 'tomorrow' }).success).toBe(false);
    expect(storePageQuerySchema.safeParse({ store: '1001', done: 'anything' }).success).toBe(false);
  });
});
