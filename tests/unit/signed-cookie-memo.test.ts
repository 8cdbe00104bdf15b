import { describe, expect, it } from 'vitest';
import { readSignedCookie, writeCookie } from '~/modules/session/session-cookie.server';

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
});
