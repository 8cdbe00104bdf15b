import { json } from '@remix-run/node';

/** JSON error with a stable code, for resource routes. */
export function apiError(status: number, code: string, message: string) {
  return json({ error: { code, message } }, { status, headers: { 'Cache-Control': 'no-store' } });
}

export function apiJson<T>(data: T, init: { status?: number; maxAgeSeconds?: number } = {}) {
  return json(data, {
    status: init.status ?? 200,
    headers: { 'Cache-Control': init.maxAgeSeconds ? `public, max-age=${init.maxAgeSeconds}` : 'no-store' },
  });
}

/** The shopper's Set-Cookie headers plus extra headers, without collapsing repeated Set-Cookie values. */
export function withHeaders(base: Headers, extra: Record<string, string>): Headers {
  const headers = new Headers(base);
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  return headers;
}
