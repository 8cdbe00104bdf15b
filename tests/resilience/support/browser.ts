/**
 * A minimal browser for tests over HTTP: one cookie jar per host name (as browsers do, whatever the port),
 * redirects followed by hand so every hop can be inspected, and the Origin header a browser sends on a post.
 */
export interface Hop {
  url: string;
  status: number;
  servedBy: string | null;
}

export class Browser {
  private readonly jar = new Map<string, Map<string, string>>();
  /** Every response seen, in order (each redirect hop included). */
  readonly hops: Hop[] = [];

  cookie(host: string, name: string): string | undefined {
    return this.jar.get(host)?.get(name);
  }

  setCookie(host: string, name: string, value: string) {
    const cookies = this.jar.get(host) ?? new Map<string, string>();
    cookies.set(name, value);
    this.jar.set(host, cookies);
  }

  /** The Cookie header this browser sends to a URL. */
  cookieHeader(url: URL): string {
    return [...(this.jar.get(url.hostname) ?? [])].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private keep(url: URL, response: Response) {
    const cookies = this.jar.get(url.hostname) ?? new Map<string, string>();
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
      if (value === '' || expired) cookies.delete(name);
      else cookies.set(name, value);
    }
    this.jar.set(url.hostname, cookies);
  }

  /** One request, no redirect followed. */
  async request(target: string, init: { method?: string; form?: Record<string, string>; json?: unknown } = {}) {
    const url = new URL(target);
    const headers: Record<string, string> = { Accept: 'text/html,application/json' };
    const cookie = this.cookieHeader(url);
    if (cookie) headers.Cookie = cookie;
    let body: string | undefined;
    if (init.form) {
      body = new URLSearchParams(init.form).toString();
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
    } else if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      headers['Content-Type'] = 'application/json';
    }
    const method = init.method ?? (body === undefined ? 'GET' : 'POST');
    if (method !== 'GET') headers.Origin = url.origin;
    const response = await fetch(url, {
      method,
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(20_000),
    });
    this.keep(url, response);
    this.hops.push({ url: url.toString(), status: response.status, servedBy: response.headers.get('x-served-by') });
    return response;
  }

  /** A request whose redirects are followed (GET after a 30x, like a browser), up to 20 hops. */
  async go(target: string, init: { method?: string; form?: Record<string, string>; json?: unknown } = {}) {
    let response = await this.request(target, init);
    let url = target;
    for (let hop = 0; hop < 20; hop++) {
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { response, url };
      await response.body?.cancel();
      url = new URL(location, url).toString();
      response = await this.request(url);
    }
    throw new Error(`too many redirects from ${target}`);
  }
}

export const DEMO_PASSWORD = 'Pantry-demo-2026';

/** Signs in on the storefront's sign-in page (email step, password step), through the identity provider and back. */
export async function signInWithPassword(
  browser: Browser,
  site: string,
  email: string,
  options: { remember?: boolean } = {},
) {
  const emailStep = await browser.request(`${site}/account/sign-in.html`, { form: { intent: 'email', email } });
  if (emailStep.status !== 200) throw new Error(`sign-in email step: ${emailStep.status}`);
  await emailStep.body?.cancel();
  return browser.go(`${site}/account/sign-in.html`, {
    form: {
      intent: 'password',
      email,
      password: DEMO_PASSWORD,
      goto: '/',
      ...(options.remember ? { remember: 'on' } : {}),
    },
  });
}
