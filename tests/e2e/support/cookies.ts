import type { BrowserContext } from '@playwright/test';

/** Decodes one of our signed cookies (base64 JSON + "." + signature) to read what the server stored. */
export async function readSignedCookie(context: BrowserContext, name: string, url?: string): Promise<unknown> {
  const cookie = (await context.cookies(url)).find((c) => c.name === name);
  if (!cookie) return undefined;
  const value = decodeURIComponent(cookie.value);
  const payload = value.slice(0, value.lastIndexOf('.'));
  return JSON.parse(decodeURIComponent(escape(Buffer.from(payload, 'base64').toString('binary'))));
}

export async function acceptAllCookies(context: BrowserContext, baseURL: string) {
  const response = await context.request.post(`${baseURL}/consent`, {
    form: { choice: 'all', returnTo: '/' },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  if (response.status() !== 302) throw new Error(`consent failed: ${response.status()}`);
}
