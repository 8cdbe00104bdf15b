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
