/**
 * A small cookie-keeping HTTP client that behaves like a browser where these tests need it: cookies
 * are kept per host name (browsers ignore the port, so the storefront and the provider on localhost
 * share them), redirects are followed by hand, and each response's Set-Cookie headers are recorded.
 */
export interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

export interface Exchange {
  url: string;
  status: number;
  setCookies: string[];
}

export class Browser {
  readonly jar = new Map<string, Map<string, StoredCookie>>();
  /** Every response this browser received, in order (the cookie audit reads them). */
  readonly exchanges: Exchange[] = [];

  cookieHeader(url: URL): string {
    const cookies = this.jar.get(url.hostname);
    if (!cookies) return '';
    return [...cookies.values()]
      .filter((cookie) => url.pathname.startsWith(cookie.path))
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
  }

  cookie(host: string, name: string): string | undefined {
    return this.jar.get(host)?.get(name)?.value;
  }

  setCookie(host: string, name: string, value: string, cookiePath = '/') {
    let cookies = this.jar.get(host);
    if (!cookies) this.jar.set(host, (cookies = new Map()));
    cookies.set(name, { name, value, path: cookiePath });
  }

  private store(url: URL, header: string) {
    const [pair, ...attributes] = header.split(';');
    const index = pair!.indexOf('=');
    const name = pair!.slice(0, index).trim();
    const value = pair!.slice(index + 1).trim();
    let cookiePath = '/';
    let expired = value === '';
    for (const attribute of attributes) {
      const [key, raw = ''] = attribute.trim().split('=');
      const lower = key!.toLowerCase();
      if (lower === 'path') cookiePath = raw;
      if (lower === 'max-age' && Number(raw) <= 0) expired = true;
      if (lower === 'expires' && Date.parse(raw) <= Date.now()) expired = true;
    }
    if (expired) this.jar.get(url.hostname)?.delete(name);
    else this.setCookie(url.hostname, name, value, cookiePath);
  }

  /** One request, no redirect followed. */
  async send(input: string, init: RequestInit = {}): Promise<Response> {
    const url = new URL(input);
    const headers = new Headers(init.headers);
    const cookie = this.cookieHeader(url);
    if (cookie && !headers.has('Cookie')) headers.set('Cookie', cookie);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    const setCookies = response.headers.getSetCookie();
    for (const header of setCookies) this.store(url, header);
    this.exchanges.push({ url: url.toString(), status: response.status, setCookies });
    return response;
  }

  /** A navigation: the request, then every redirect as a GET, like a browser. */
  async navigate(input: string, init: RequestInit = {}): Promise<{ response: Response; url: string }> {
    let url = input;
    let response = await this.send(url, init);
    for (let hops = 0; hops < 20 && response.status >= 300 && response.status < 400; hops++) {
      const location = response.headers.get('Location');
      if (!location) break;
      await response.arrayBuffer();
      url = new URL(location, url).toString();
      response = await this.send(url);
    }
    return { response, url };
  }

  /** A same-origin form post from a page of `origin` (the headers a browser sends with it). */
  post(origin: string, pathname: string, fields: Record<string, string>, extra: Record<string, string> = {}) {
    return this.navigate(`${origin}${pathname}`, {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: { Origin: origin, 'Sec-Fetch-Site': 'same-origin', ...extra },
    });
  }
}

export const DEMO_PASSWORD = 'Pantry-demo-2026';

/** Signs in with a password through the real pages and the real provider, as a browser would. */
export async function signIn(browser: Browser, origin: string, email: string, remember = false) {
  await (await browser.navigate(`${origin}/account/sign-in.html`)).response.arrayBuffer();
  const { response, url } = await browser.post(origin, '/account/sign-in.html', {
    intent: 'password',
    email,
    password: DEMO_PASSWORD,
    goto: '/account/overview.html',
    ...(remember ? { remember: 'on' } : {}),
  });
  const body = await response.text();
  if (!url.startsWith(`${origin}/account/overview.html`) || response.status !== 200)
    throw new Error(`sign-in ended at ${url} (${response.status}): ${body.slice(0, 300)}`);
  return body;
}

/** Who the storefront takes this browser for (A, G, R or C), from the root loader's data. */
export async function userTypeOf(browser: Browser, origin: string): Promise<string> {
  const { response } = await browser.navigate(`${origin}/?_data=root`);
  const data = (await response.json()) as { userType?: string };
  return data.userType ?? `no user type (${response.status})`;
}
