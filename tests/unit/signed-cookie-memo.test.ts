import { describe, expect, it, vi } from 'vitest';
import {
  readSessionCookie,
  readSignedCookie,
  serializeSession,
  writeCookie,
} from '~/modules/session/session-cookie.server';
import { sessionSchema, type SessionData } from '~/modules/session/session-schema';

/** Reading one exact Cookie header again is remembered (decision 0027), never at the cost of a check. */
const context = { siteType: 'C' as const, secure: false };
const pair = (header: string) => header.split(';')[0]!;
const request = (cookie: string) => new Request('http://localhost:3000/', { headers: { Cookie: cookie } });
const asStore = (value: unknown) => (value && typeof value === 'object' ? (value as { storeId: string }) : null);

describe('signed cookie reads', () => {
  it('give every caller its own copy of a remembered value', async () => {
    const cookie = pair(await writeCookie('previousStore', { storeId: '1234' }, context, {}));
    const first = await readSignedCookie(request(cookie), 'previousStore', 'C', asStore);
    expect(first).toEqual({ status: 'ok', value: { storeId: '1234' } });
    if (first.status === 'ok') first.value.storeId = 'changed';
    expect(await readSignedCookie(request(cookie), 'previousStore', 'C', asStore)).toEqual({
      status: 'ok',
      value: { storeId: '1234' },
    });
  });

  it('still refuse a tampered cookie after the genuine one was read, and the other way round', async () => {
    const cookie = pair(await writeCookie('previousStore', { storeId: '77' }, context, {}));
    const [name, value] = [cookie.slice(0, cookie.indexOf('=')), cookie.slice(cookie.indexOf('=') + 1)];
    const tampered = `${name}=${value.replace(/^./, (c) => (c === 'e' ? 'f' : 'e'))}`;
    for (let round = 0; round < 2; round++) {
      expect((await readSignedCookie(request(cookie), 'previousStore', 'C', asStore)).status).toBe('ok');
      expect(await readSignedCookie(request(tampered), 'previousStore', 'C', asStore)).toEqual({
        status: 'rejected',
        reason: 'tampered',
      });
    }
  });

  it('check a remembered session against the schema once, and give every caller its own copy', async () => {
    const session: SessionData = {
      info: {
        COMMON: {
          userType: 'G',
          storeId: '1234',
          zipcode: '94105',
          preference: 'Dug',
          // As serializeSession writes them (derived from the session, decision 0088).
          xDTags: ['site:consumer', 'fulfilment:pickup', 'shopper:guest'],
        },
        J4U: { storeId: '1234', zipcode: '94105' },
      },
    };
    const cookie = pair(await serializeSession(session, context));
    const check = vi.spyOn(sessionSchema, 'safeParse');
    try {
      const first = await readSessionCookie(request(cookie), 'C');
      const second = await readSessionCookie(request(cookie), 'C');
      expect(check).toHaveBeenCalledTimes(1);
      expect(first).toEqual({ status: 'ok', value: session });
      expect(second).toStrictEqual(first);
      if (first.status === 'ok') first.value.info.COMMON.xDTags!.push('changed by one caller');
      expect(await readSessionCookie(request(cookie), 'C')).toEqual({ status: 'ok', value: session });
      // Another header is checked afresh; a tampered one is still refused.
      const tampered = cookie.replace(/=./, (c) => (c === '=e' ? '=f' : '=e'));
      expect((await readSessionCookie(request(tampered), 'C')).status).toBe('rejected');
    } finally {
      check.mockRestore();
    }
  });
});
