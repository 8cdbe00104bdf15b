/**
 * No site can sign a visitor out with a link (decision 0065): the provider's logout asks before it acts
 * unless the navigation came from a storefront page, and the storefront's service page clears the
 * session only on our own navigations. Real storefront and provider processes; the headers a browser
 * sends on each navigation are set by hand, since this client runs no page script.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../integration/support/databases';
import { Browser, signIn, userTypeOf } from './support/browser';
import { startStack, type Stack } from './support/stack';

const JORDAN = 'jordan@pantry.test';
const EVIL = { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate', Referer: 'https://evil.example/' };
const AUTO_SUBMIT = 'document.forms[0].submit()';

/** The provider's logout form on a page: where it posts and its anti-forgery field. */
function logoutForm(html: string) {
  const action = /<form[^>]*id="op\.logoutForm"[^>]*action="([^"]+)"/.exec(html)?.[1];
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
  if (!action || !xsrf) throw new Error(`no logout form in: ${html.slice(0, 300)}`);
  return { action: action.replace(/&amp;/g, '&'), xsrf };
}

describe.each(DIALECTS)('sign-out only from our own pages on %s', (dialect) => {
  let stack: Stack;
  let origin: string;

  beforeAll(async () => {
    stack = await startStack(dialect, 1);
    origin = stack.storefronts[0]!;
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it("asks before signing out when another site sends the visitor to the provider's logout", async () => {
    const browser = new Browser();
    await signIn(browser, origin, JORDAN);
    const providerSession = browser.cookie('localhost', '_session');
    expect(providerSession).toBeTruthy();
    const { response } = await browser.navigate(`${stack.idp}/oauth2/v1/logout?client_id=pantry-storefront`, {
      headers: EVIL,
    });
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).not.toContain(AUTO_SUBMIT);
    expect(html).toContain('<h1>Sign out of Pantry?</h1>');
    expect(html).toMatch(/<button [^>]*form="op\.logoutForm" name="logout" value="yes">Sign out<\/button>/);
    expect(html).toContain(`<a href="${origin}/">Stay signed in</a>`);
    // Nothing happened: both sessions are alive.
    expect(browser.cookie('localhost', '_session')).toBe(providerSession);
    expect(await userTypeOf(browser, origin)).toBe('C');

    // The confirmation is real: its button signs the visitor out at the provider.
    const { action, xsrf } = logoutForm(html);
    const confirmed = await browser.send(new URL(action, stack.idp).toString(), {
      method: 'POST',
      body: new URLSearchParams({ xsrf, logout: 'yes' }),
      headers: { Origin: stack.idp, 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(confirmed.status).toBe(303);
    expect(browser.cookie('localhost', '_session')).toBeUndefined();
  });

  it('signs out at once when the sign-out starts on a storefront page', async () => {
    const browser = new Browser();
    await signIn(browser, origin, JORDAN);
    const posted = await browser.send(`${origin}/account/sign-out`, {
      method: 'POST',
      body: new URLSearchParams({}),
      headers: { Origin: origin, 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(posted.status).toBe(302);
    const logout = posted.headers.get('Location')!;
    expect(logout.startsWith(`${stack.idp}/`)).toBe(true);
    expect(await userTypeOf(browser, origin)).not.toBe('C');
    // The redirect to the provider carries the storefront page as its Referer (strict-origin-when-cross-origin).
    const page = await browser.send(logout, {
      headers: { 'Sec-Fetch-Site': 'same-site', 'Sec-Fetch-Mode': 'navigate', Referer: `${origin}/` },
    });
    const html = await page.text();
    expect(html).toContain(AUTO_SUBMIT);
    const { action, xsrf } = logoutForm(html);
    const { url } = await browser.navigate(new URL(action, stack.idp).toString(), {
      method: 'POST',
      body: new URLSearchParams({ xsrf }),
      headers: { Origin: stack.idp, 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(url.startsWith(origin)).toBe(true);
  });

  it("keeps the session when another site links to the storefront's authentication service page", async () => {
    const browser = new Browser();
    await signIn(browser, origin, JORDAN);
    const { response } = await browser.navigate(`${origin}/account/auth/service/sign-in.html`, { headers: EVIL });
    await response.arrayBuffer();
    expect(await userTypeOf(browser, origin)).toBe('C');
  });

  it('clears the session when the service page is entered from our own pages', async () => {
    const browser = new Browser();
    await signIn(browser, origin, JORDAN);
    const entered = await browser.send(`${origin}/account/auth/service/sign-in.html`, {
      headers: { 'Sec-Fetch-Site': 'same-origin', Referer: `${origin}/account/overview.html` },
    });
    expect(entered.status).toBe(302);
    expect(entered.headers.get('Location')).toBe('/account/sign-in.html?goto=%2F');
    expect(await userTypeOf(browser, origin)).not.toBe('C');
  });
});
