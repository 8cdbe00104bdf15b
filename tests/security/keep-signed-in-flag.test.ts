import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../integration/support/databases';
import { Browser, signIn } from './support/browser';
import { startStack, type Stack } from './support/stack';

/**
 * The enableACIKMSI flag: "Keep me signed in" is offered, and honoured, only where it is on. One storefront
 * process runs with the flag as configured (on), the other with FLAG_enableACIKMSI=false, over one provider.
 */
const JORDAN = 'jordan@pantry.test';

/** The last Set-Cookie of `name` this browser received, with its attributes lower-cased. */
function lastSetCookie(browser: Browser, name: string) {
  const header = browser.exchanges
    .flatMap((exchange) => exchange.setCookies)
    .filter((cookie) => cookie.startsWith(`${name}=`))
    .at(-1);
  if (!header) return null;
  const [pair, ...attributes] = header.split(';');
  return {
    value: decodeURIComponent(pair!.slice(name.length + 1)),
    attributes: attributes.map((a) => a.trim().toLowerCase()),
  };
}
/** A signed cookie's value: base64 JSON before the signature. */
const signedValue = (cookie: { value: string } | null) =>
  cookie ? (JSON.parse(Buffer.from(cookie.value.split('.')[0]!, 'base64').toString()) as unknown) : null;
const lasting = (cookie: { attributes: string[] } | null) =>
  Boolean(cookie?.attributes.some((a) => a.startsWith('max-age=') || a.startsWith('expires=')));

describe.each(DIALECTS)('keep me signed in behind its flag, on %s', (dialect) => {
  let stack: Stack;
  let on: string;
  let off: string;
  beforeAll(async () => {
    stack = await startStack(dialect, 2, [{}, { FLAG_enableACIKMSI: 'false' }]);
    [on, off] = stack.storefronts as [string, string];
  });
  afterAll(async () => {
    await stack?.stop();
  });

  async function passwordStep(origin: string) {
    const browser = new Browser();
    await (await browser.navigate(`${origin}/account/sign-in.html`)).response.arrayBuffer();
    const { response } = await browser.post(origin, '/account/sign-in.html', { intent: 'email', email: JORDAN });
    return response.text();
  }

  it('offers the choice where the flag is on, and not where it is off', async () => {
    expect(await passwordStep(on)).toContain('Keep me signed in');
    expect(await passwordStep(off)).not.toContain('Keep me signed in');
  });

  it('keeps a customer who asked signed in for 90 days only where the flag is on', async () => {
    const kept = new Browser();
    await signIn(kept, on, JORDAN, true);
    expect(lasting(lastSetCookie(kept, 'PANTRY_USER'))).toBe(true);
    expect(signedValue(lastSetCookie(kept, 'PANTRY_KMSI'))).toBe('true');

    // The same request where the flag is off (a form posted with the box ticked anyway): the browser session only.
    const notKept = new Browser();
    await signIn(notKept, off, JORDAN, true);
    expect(lastSetCookie(notKept, 'PANTRY_USER')).not.toBeNull();
    expect(lasting(lastSetCookie(notKept, 'PANTRY_USER'))).toBe(false);
    expect(signedValue(lastSetCookie(notKept, 'PANTRY_KMSI'))).toBe('false');
  });
});
