/**
 * Malformed input on every action and API route (enumerated from the production build's route
 * manifest, so a new route is covered without editing this file): oversized bodies (declared and
 * streamed), invalid UTF-8, NUL bytes, wrong content types, missing and extra fields. Each answer is below
 * 500, a 4xx carries a clear message (JSON code or the friendly page, never a stack trace), the database
 * is unchanged, the process does not read an oversized body past the limit, and memory stays flat.
 */
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import type { ServerBuild } from '@remix-run/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAD_INPUT, MAX_FORM_BYTES } from '~/modules/http/forms.server';
import { DIALECTS } from '../integration/support/databases';
import { startInProcessApp, type Browser, type InProcessApp } from './support/app';

interface Payload {
  name: string;
  /** A fresh body each time (streams are single use); `pulled` counts bytes the server read. */
  body: () => { init: RequestInit; pulled?: () => number };
  oversized?: boolean;
  /** Sent with Content-Length (so refused before reading), not streamed. */
  declared?: boolean;
  /** Well-formed but incomplete or padded: may be valid for routes whose fields are all optional. */
  wellFormed?: boolean;
}

const enc = new TextEncoder();
const MB = 1024 * 1024;
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const JSON_TYPE = { 'Content-Type': 'application/json' };
// Built once: the client side of this test must not be what makes memory grow.
const MB_FORM = `a=${'x'.repeat(MB)}`;
const MB_JSON = JSON.stringify({ a: 'x'.repeat(MB) });

function streamed(total: number, contentType: string) {
  let pulled = 0;
  const chunk = enc.encode('a='.padEnd(64 * 1024, 'x'));
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= total) return controller.close();
      pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return {
    init: { body, headers: { 'Content-Type': contentType }, duplex: 'half' } as RequestInit,
    pulled: () => pulled,
  };
}

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : Buffer.from(part))));

const PAYLOADS: Payload[] = [
  {
    name: '1 MB form',
    oversized: true,
    declared: true,
    body: () => ({ init: { headers: FORM, body: MB_FORM } }),
  },
  {
    name: '1 MB JSON',
    oversized: true,
    declared: true,
    body: () => ({ init: { headers: JSON_TYPE, body: MB_JSON } }),
  },
  { name: '8 MB streamed form (no length)', oversized: true, body: () => streamed(8 * MB, FORM['Content-Type']) },
  { name: '8 MB streamed JSON (no length)', oversized: true, body: () => streamed(8 * MB, 'application/json') },
  {
    name: 'invalid UTF-8 form',
    body: () => ({ init: { headers: FORM, body: bytes('intent=password&email=', [0xff, 0xfe, 0xc3]) } }),
  },
  { name: 'invalid UTF-8 escape', body: () => ({ init: { headers: FORM, body: 'intent=password&email=%ff%fe' } }) },
  {
    name: 'invalid UTF-8 JSON',
    body: () => ({ init: { headers: JSON_TYPE, body: bytes('{"offerId":1,"x":"', [0xc3, 0x28], '"}') } }),
  },
  { name: 'NUL in a form', body: () => ({ init: { headers: FORM, body: 'intent=password&email=a%00b%40x.test' } }) },
  { name: 'NUL in JSON', body: () => ({ init: { headers: JSON_TYPE, body: '{"offerId":1,"name":"a\\u0000b"}' } }) },
  {
    name: 'lone surrogate in JSON',
    body: () => ({ init: { headers: JSON_TYPE, body: '{"offerId":1,"name":"a\\ud800b"}' } }),
  },
  {
    // Coercing schemas call toString on these: a TypeError (a 5xx) unless the parse helpers catch it.
    // Well-formed JSON: a route whose fields are all optional ignores the unknown keys.
    name: 'hostile object values (JSON)',
    wellFormed: true,
    body: () => ({
      init: {
        headers: JSON_TYPE,
        body: JSON.stringify(
          Object.fromEntries(
            [
              'offerId',
              'rewardId',
              'productId',
              'quantity',
              'storeId',
              'addressId',
              'petId',
              'zipcode',
              'orderNumber',
            ].map((name) => [name, { toString: [], valueOf: [] }]),
          ),
        ),
      },
    }),
  },
  { name: 'not JSON', body: () => ({ init: { headers: JSON_TYPE, body: '{"offerId":' } }) },
  // Valid for a JSON API whose fields are all optional (passkey options); a 415 for every form.
  {
    name: 'JSON sent to a form',
    wellFormed: true,
    body: () => ({ init: { headers: JSON_TYPE, body: '{"intent":"password"}' } }),
  },
  { name: 'no content type', body: () => ({ init: { body: 'intent=password' } }) },
  {
    name: 'text/plain',
    body: () => ({ init: { headers: { 'Content-Type': 'text/plain' }, body: 'intent=password' } }),
  },
  {
    name: 'multipart with a file',
    // A well-formed form whose only field is extra: valid where every field is optional (sign-out).
    wellFormed: true,
    body: () => {
      const form = new FormData();
      form.set('intent', 'password');
      form.set('upload', new Blob([new Uint8Array(2048)]), 'x.bin');
      return { init: { body: form } };
    },
  },
  { name: 'missing fields (form)', wellFormed: true, body: () => ({ init: { headers: FORM, body: '' } }) },
  { name: 'missing fields (JSON)', wellFormed: true, body: () => ({ init: { headers: JSON_TYPE, body: '{}' } }) },
  {
    name: 'extra and prototype fields (form)',
    wellFormed: true,
    body: () => ({
      init: { headers: FORM, body: '__proto__%5Bpolluted%5D=1&constructor%5Bprototype%5D%5Bpolluted%5D=1&zzz=1' },
    }),
  },
  {
    name: 'extra and prototype fields (JSON)',
    wellFormed: true,
    body: () => ({
      init: {
        headers: JSON_TYPE,
        body: '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},"zzz":[1e309,-0,"\\ud800"]}',
      },
    }),
  },
  {
    name: 'huge numbers (JSON)',
    wellFormed: true,
    body: () => ({ init: { headers: JSON_TYPE, body: '{"offerId":1e400,"quantity":-9e99}' } }),
  },
];

/** Actions that never read their body: a customer's request acts whatever it carries. */
const BODY_LESS = /auth\.reset|health-session|health\.dashboard/;
/** Valid with no fields by design: sign-out signs out, passkey options issues a challenge (a row). */
const VALID_WHEN_EMPTY = /sign-out|passkey\.options/;

function skipped(id: string, who: 'guest' | 'customer', payload: Payload): boolean {
  // Only a declared oversized body is refused (413) before a body-less action acts for a customer.
  if (BODY_LESS.test(id) && who === 'customer') return !payload.declared;
  return Boolean(payload.wellFormed && (VALID_WHEN_EMPTY.test(id) || BODY_LESS.test(id)));
}

/** The route manifest's URL pattern, with parameters filled in from real records of the customer. */
function routeUrls(build: ServerBuild, values: Record<string, string>): Array<[string, string]> {
  const full = (id: string): string => {
    const route = build.routes[id]!;
    const parent = route.parentId && route.parentId !== 'root' ? full(route.parentId) : '';
    return [parent, route.path ?? ''].filter(Boolean).join('/');
  };
  return Object.entries(build.routes)
    .filter(([, route]) => route.module.action)
    .map(([id]) => {
      const pattern = full(id);
      const url = `/${pattern}`.replace(/:(\w+)/g, (_m, name: string) => {
        if (name === 'customerId') return id.includes('factors') ? values.uuid! : values.customerId!;
        return values[name] ?? '1';
      });
      return [id, url];
    });
}

function problemOf(status: number, type: string, text: string) {
  // Never a stack trace, whatever the page.
  expect(text).not.toMatch(/\n\s+at .+:\d+:\d+/);
  if (type.includes('application/json')) {
    const body = JSON.parse(text) as Record<string, unknown> & { error?: { code?: string; message?: string } };
    const message = body.error?.message ?? body.message ?? body.error;
    expect(typeof message === 'string' && message.length > 0, `${status} ${text.slice(0, 200)}`).toBe(true);
    return body.error?.code ?? (body.code as string | undefined);
  }
  expect(text.length, `${status} with an empty body`).toBeGreaterThan(0);
  // A page shows the friendly error page with the problem's own words.
  return Object.values(BAD_INPUT).find((problem) => text.includes(problem.message))?.code;
}

describe.each(DIALECTS)('malformed input on every action route, production build on %s', (dialect) => {
  let app: InProcessApp;
  let build: ServerBuild;
  let customer: Browser;
  let guest: Browser;
  let urls: Array<[string, string]>;

  beforeAll(async () => {
    app = await startInProcessApp(dialect);
    build = (await import(pathToFileURL(path.resolve('build/index.js')).href)) as ServerBuild;
    customer = app.browser();
    await customer.signIn();
    guest = app.browser();
    const db = app.database.db;
    const jordan = await db
      .selectFrom('customers')
      .select(['id', 'uuid'])
      .where('email', '=', 'jordan@pantry.test')
      .executeTakeFirstOrThrow();
    const address = await db
      .selectFrom('customer_addresses')
      .select('id')
      .where('customer_id', '=', jordan.id)
      .executeTakeFirst();
    const pet = await db.selectFrom('pets').select('id').where('customer_id', '=', jordan.id).executeTakeFirst();
    const product = await db.selectFrom('products').select('id').orderBy('id').executeTakeFirstOrThrow();
    const recipe = await db.selectFrom('recipes').select('slug').orderBy('id').executeTakeFirst();
    urls = routeUrls(build, {
      customerId: String(jordan.id),
      uuid: jordan.uuid,
      addressId: String(address?.id ?? 1),
      petId: String(pet?.id ?? 1),
      factorId: 'factor-1',
      page: `product-details.${product.id}.html`,
      slug: recipe?.slug ?? 'x',
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('finds every action route in the build (53 today)', () => {
    expect(urls.length).toBeGreaterThanOrEqual(50);
  });

  async function send(browser: Browser, url: string, method: string, payload: Payload) {
    const { init, pulled } = payload.body();
    const response = await browser.request(url, { method, ...init });
    const text = await response.text();
    return { response, text, pulled: pulled?.() };
  }

  /** One pass of every payload at every route, as a guest and as a signed-in customer. */
  async function pass(options: { only?: (payload: Payload) => boolean } = {}) {
    for (const [id, url] of urls) {
      for (const [who, browser] of [
        ['guest', guest],
        ['customer', customer],
      ] as const) {
        // PUT too where the JSON APIs take it (updates of addresses, pets, stores).
        for (const method of id.includes('api.customers') ? ['POST', 'PUT'] : ['POST']) {
          for (const payload of PAYLOADS.filter(options.only ?? (() => true))) {
            if (skipped(id, who, payload)) continue;
            const { response, text, pulled } = await send(browser, url, method, payload);
            const where = `${method} ${url} as ${who}, ${payload.name}: ${response.status} ${text.slice(0, 160)}`;
            expect(response.status, where).toBeLessThan(500);
            if (payload.oversized) {
              // Refused as too large, or refused before the body is looked at (access, method, content type);
              // a body-less action may answer a streamed body it never reads (the pulled bytes say so).
              const refusals = [301, 302, 303, 401, 403, 404, 405, 413, 415];
              if (payload.declared || !BODY_LESS.test(id)) expect(refusals, where).toContain(response.status);
              if (pulled !== undefined) expect(pulled, where).toBeLessThanOrEqual(MAX_FORM_BYTES + 3 * 64 * 1024);
            } else if (!payload.wellFormed && response.status < 300) {
              // Garbage accepted with a 2xx is only right for actions that never read a body.
              expect(id, where).toMatch(BODY_LESS);
            }
            if (response.status >= 400) {
              problemOf(response.status, response.headers.get('Content-Type') ?? '', text);
            }
          }
        }
      }
    }
  }

  it('answers every malformed request below 500 with a clear message, and changes nothing', async () => {
    const before = await app.snapshot();
    await pass();
    const after = await app.snapshot();
    expect(after).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // The customer is still signed in: nothing above ended the session.
    const overview = await customer.request('/account/overview.html');
    expect(overview.status).toBe(200);
  }, 300_000);

  it('gives the body-level error codes where the body is read', async () => {
    const codes = async (browser: Browser, url: string, payload: Payload) => {
      const { response, text } = await send(browser, url, 'POST', payload);
      return [response.status, problemOf(response.status, response.headers.get('Content-Type') ?? '', text)];
    };
    const byName = (name: string) => PAYLOADS.find((p) => p.name === name)!;
    const addresses = urls.find(([id]) => id === 'routes/api.customers.$customerId.addresses')![1];
    // A customer of its own: this test must not depend on what the passes above left behind.
    const customer = app.browser();
    await customer.signIn();
    expect(await codes(guest, '/account/sign-in.html', byName('1 MB form'))).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    expect(await codes(guest, '/account/sign-in.html', byName('8 MB streamed form (no length)'))).toEqual([
      413,
      'PAYLOAD_TOO_LARGE',
    ]);
    expect(await codes(guest, '/account/sign-in.html', byName('invalid UTF-8 form'))).toEqual([400, 'BAD_ENCODING']);
    expect(await codes(guest, '/account/sign-in.html', byName('invalid UTF-8 escape'))).toEqual([400, 'BAD_ENCODING']);
    expect(await codes(guest, '/account/sign-in.html', byName('NUL in a form'))).toEqual([400, 'BAD_CHARACTERS']);
    expect(await codes(guest, '/account/sign-in.html', byName('JSON sent to a form'))).toEqual([
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ]);
    expect(await codes(customer, addresses, byName('8 MB streamed JSON (no length)'))).toEqual([
      413,
      'PAYLOAD_TOO_LARGE',
    ]);
    expect(await codes(customer, addresses, byName('invalid UTF-8 JSON'))).toEqual([400, 'BAD_ENCODING']);
    expect(await codes(customer, addresses, byName('NUL in JSON'))).toEqual([400, 'BAD_CHARACTERS']);
    expect(await codes(customer, addresses, byName('lone surrogate in JSON'))).toEqual([400, 'BAD_CHARACTERS']);
    expect(await codes(customer, addresses, byName('not JSON'))).toEqual([400, 'BAD_JSON']);
    expect(await codes(customer, addresses, byName('no content type'))).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
  });

  it('shows a page the friendly error message, not a stack trace', async () => {
    const response = await guest.request('/account/sign-in.html', { method: 'POST', headers: FORM, body: 'email=%ff' });
    expect(response.status).toBe(400);
    expect(response.headers.get('Content-Type')).toContain('text/html');
    expect(await response.text()).toContain('That request is not valid UTF-8 text.');
  });

  it('keeps memory flat over repeated bad requests (RSS after another pass of oversized bodies vs after the first pass)', async () => {
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    const before = process.memoryUsage().rss;
    await pass({ only: (payload) => Boolean(payload.oversized) });
    gc?.();
    const growth = process.memoryUsage().rss - before;
    // Loose bound: a pass offers the server ~1 GB of oversized bodies; unbounded buffering would show here.
    expect(growth).toBeLessThan(128 * MB);
  }, 300_000);
});
