import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applySessionUpdate, SESSION_MESSAGES, type SessionData } from '~/modules/session/session-schema';

const guest: SessionData = {
  info: {
    COMMON: { userType: 'G', preference: 'Delivery', Selection: 'user', zipcode: '98101', storeId: '1008' },
    SHOP: { storeId: '1008', zipcode: '98101' },
  },
};

describe('session cookie updates (spec section 5)', () => {
  it.each([null, undefined, 'text', 42, [], [1], {}])(
    'refuses %j with "Parameter passed is either empty or not an object"',
    (value) => {
      expect(applySessionUpdate(guest, value)).toEqual({ ok: false, message: SESSION_MESSAGES.notAnObject });
    },
  );

  it('quotes the spec messages verbatim', () => {
    expect(SESSION_MESSAGES.notAnObject).toBe('Parameter passed is either empty or not an object');
    expect(SESSION_MESSAGES.badFormat).toBe("Parameter passed doesn't match appropriate format");
  });

  it.each([
    { foo: 1 },
    { info: {} },
    { info: 'x' },
    { info: { OTHER: {} } },
    { info: { COMMON: { userType: 'X' } } },
    { info: { COMMON: { storeId: '12345' } } },
    { info: { COMMON: { zipcode: '9810' } } },
    { info: { SHOP: { unknown: true } } },
    { info: { COMMON: { userType: 'G' } }, extra: 1 },
    { info: { offbanner: { banner: 'sunridge' } } },
  ])('refuses %j with "Parameter passed doesn\'t match appropriate format"', (value) => {
    expect(applySessionUpdate(guest, value)).toEqual({ ok: false, message: SESSION_MESSAGES.badFormat });
  });

  it('needs a user type when there is no session yet', () => {
    expect(applySessionUpdate(null, { info: { SHOP: { storeId: '12' } } })).toEqual({
      ok: false,
      message: SESSION_MESSAGES.badFormat,
    });
    const created = applySessionUpdate(null, { info: { COMMON: { userType: 'G', storeId: '12' } } });
    expect(created).toEqual({ ok: true, session: { info: { COMMON: { userType: 'G', storeId: '12' } } } });
  });

  it('merges a block field by field and keeps the other blocks', () => {
    const result = applySessionUpdate(guest, { info: { COMMON: { preference: 'Dug' }, J4U: { storeId: '1008' } } });
    expect(result).toEqual({
      ok: true,
      session: {
        info: {
          COMMON: { ...guest.info.COMMON, preference: 'Dug' },
          SHOP: guest.info.SHOP,
          J4U: { storeId: '1008' },
        },
      },
    });
  });

  it('removes a block given as null (the wine store id and off-banner rules need it)', () => {
    const withOff = applySessionUpdate(guest, {
      info: { offbanner: { banner: 'sunridge', storeId: '2008', preference: 'Delivery', zipcode: '90012' } },
    });
    expect(withOff.ok).toBe(true);
    if (!withOff.ok) return;
    const removed = applySessionUpdate(withOff.session, { info: { offbanner: null } });
    expect(removed).toEqual({ ok: true, session: guest });
  });

  it('never changes the current session, whatever the update', () => {
    const before = JSON.stringify(guest);
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const result = applySessionUpdate(guest, value);
        expect(JSON.stringify(guest)).toBe(before);
        if (!result.ok) expect(Object.values(SESSION_MESSAGES)).toContain(result.message);
      }),
    );
  });

  it('accepts any well-formed COMMON update', () => {
    fc.assert(
      fc.property(
        fc.record(
          {
            userType: fc.constantFrom('A', 'G', 'R', 'C'),
            preference: fc.constantFrom('Delivery', 'Dug', 'J4U'),
            storeId: fc.stringMatching(/^\d{1,4}$/),
            zipcode: fc.oneof(fc.stringMatching(/^\d{5}$/), fc.stringMatching(/^\d{5}-\d{4}$/)),
          },
          { requiredKeys: [] },
        ),
        (common) => {
          expect(applySessionUpdate(guest, { info: { COMMON: common } }).ok).toBe(true);
        },
      ),
    );
  });
});
