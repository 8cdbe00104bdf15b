import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { loadShopper } from '~/modules/access/shopper.server';
import { log } from '~/modules/config/logger.server';
import { completeAuthorization, startAuthorization } from '~/modules/identity/sign-in.server';
import { createSeededTestDatabase, DIALECTS, type TestDatabase } from './support/databases';

/**
 * The callback's refusals: where each sends the shopper, and the log line that says why (the reason only, never a
 * code or token), so a shopper who landed on the sign-in error page can be traced.
 */
const HOST = 'localhost:3000';
const ORIGIN = `http://${HOST}`;
// Nothing listens on port 9: the code exchange fails as it does when the provider cannot be reached.
process.env.IDP_ISSUER = 'http://127.0.0.1:9';

const pair = (header: string) => header.split(';')[0]!;
const request = (path: string, cookies: string[] = []) =>
  new Request(`${ORIGIN}${path}`, { headers: { Host: HOST, Cookie: cookies.join('; ') } });

/** A sign-in this browser started: its transaction cookie and state words. */
async function started(input: { silent?: boolean } = {}) {
  const shopper = await loadShopper(request('/'));
  const { redirectTo, setCookie } = await startAuthorization(request('/'), shopper, {
    goto: '/shop/cart.html',
    remember: false,
    silent: input.silent,
  });
  return { cookie: pair(setCookie), state: new URL(redirectTo).searchParams.get('state')! };
}

async function callback(query: Record<string, string>, cookies: string[] = []) {
  const path = `/account/auth/callback?${new URLSearchParams(query)}`;
  return completeAuthorization(request(path, cookies), await loadShopper(request(path, cookies)));
}

describe.each(DIALECTS)('the sign-in callback on %s', (dialect) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createSeededTestDatabase(dialect, { products: 50 });
    useDatabaseForTests(test);
  });
  afterAll(() => test?.drop());
  afterEach(() => vi.restoreAllMocks());

  const spies = () => ({
    warn: vi.spyOn(log, 'warn').mockImplementation(() => undefined),
    info: vi.spyOn(log, 'info').mockImplementation(() => undefined),
  });

  it('sends a callback this browser did not start to the error page and logs it as refused for its state', async () => {
    const { warn } = spies();
    const outcome = await callback({ state: 'brave-otter', code: 'a-code' });
    expect(outcome).toMatchObject({ ok: false, reason: 'state', redirectTo: '/IAUC408.html' });
    expect(warn).toHaveBeenCalledWith('sign-in callback refused', { reason: 'state', userType: 'A' });
  });

  it('tells a code the provider would not exchange from a missing code, and logs neither code', async () => {
    const { warn } = spies();
    const first = await started();
    const unexchanged = await callback({ state: first.state, code: 'secret-code-123' }, [first.cookie]);
    expect(unexchanged).toMatchObject({ ok: false, reason: 'code-exchange', redirectTo: '/IAUC408.html' });
    const second = await started();
    const codeless = await callback({ state: second.state }, [second.cookie]);
    expect(codeless).toMatchObject({ ok: false, reason: 'no-code', redirectTo: '/IAUC408.html' });
    expect(warn.mock.calls).toEqual([
      ['sign-in callback refused', { reason: 'code-exchange', userType: 'A' }],
      ['sign-in callback refused', { reason: 'no-code', userType: 'A' }],
    ]);
    expect(JSON.stringify(warn.mock.calls)).not.toContain('secret-code-123');
  });

  it('logs a declined silent sign-on as routine, not as a warning, and returns the guest to their page', async () => {
    const { warn, info } = spies();
    const silent = await started({ silent: true });
    const outcome = await callback({ state: silent.state, error: 'login_required' }, [silent.cookie]);
    expect(outcome).toMatchObject({ ok: false, reason: 'login_required', redirectTo: '/shop/cart.html' });
    expect(info).toHaveBeenCalledWith('sign-in callback refused', { reason: 'login_required', userType: 'A' });
    expect(warn).not.toHaveBeenCalled();
  });
});
