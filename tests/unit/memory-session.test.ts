import { afterEach, describe, expect, it } from 'vitest';
import { forgetMemorySession, memorySession, withMemorySession } from '~/modules/browser/memory-session';
import { echoMemorySession, sessionCookieHeader } from '~/modules/session/memory-session.server';

const ORIGIN = 'https://www.greenleaf.example';

describe('the in-memory session, in the page', () => {
  afterEach(() => forgetMemorySession());

  function recordingFetch(answer: Record<string, string> = {}) {
    const seen: { url: string; headers: Headers }[] = [];
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push({ url: String(input instanceof Request ? input.url : input), headers: new Headers(init?.headers) });
      return new Response('{}', { headers: answer });
    }) as typeof globalThis.fetch;
    return { fetch, seen };
  }

  it('says cookies are refused on calls to its own origin, keeps the session handed back and sends it next time', async () => {
    const first = recordingFetch({ 'X-Pantry-Session': 'signed-value%3D' });
    await withMemorySession(first.fetch, ORIGIN)('/set-store.html?_data=root', {
      headers: { Accept: 'application/json' },
    });
    expect(first.seen[0]!.headers.get('X-Pantry-Cookies')).toBe('refused');
    expect(first.seen[0]!.headers.get('X-Pantry-Session')).toBeNull();
    expect(first.seen[0]!.headers.get('Accept')).toBe('application/json');
    expect(memorySession()).toBe('signed-value%3D');
    const next = recordingFetch();
    await withMemorySession(next.fetch, ORIGIN)(new Request(`${ORIGIN}/shop/aisles.html?_data=root`));
    expect(next.seen[0]!.headers.get('X-Pantry-Session')).toBe('signed-value%3D');
    // An answer without the header leaves the session as it was; an empty one clears it (signed out, store cleared).
    expect(memorySession()).toBe('signed-value%3D');
    await withMemorySession(recordingFetch({ 'X-Pantry-Session': '' }).fetch, ORIGIN)('/');
    expect(memorySession()).toBeNull();
  });

  it('never sends the session to another origin', async () => {
    await withMemorySession(recordingFetch({ 'X-Pantry-Session': 'kept' }).fetch, ORIGIN)('/');
    const other = recordingFetch();
    await withMemorySession(other.fetch, ORIGIN)('https://cdn.other.example/x.js');
    expect(other.seen[0]!.headers.get('X-Pantry-Session')).toBeNull();
    expect(other.seen[0]!.headers.get('X-Pantry-Cookies')).toBeNull();
  });
});

describe('the in-memory session, at the storefront', () => {
  const request = (headers: Record<string, string>) => new Request(`${ORIGIN}/`, { headers });

  it('reads the session from the header only when the browser sent no session cookie, and only in a cookie shape', () => {
    expect(sessionCookieHeader(request({ 'X-Pantry-Session': 'abc%3D.sig' }), 'PANTRY_SESSION')).toBe(
      'PANTRY_SESSION=abc%3D.sig',
    );
    expect(sessionCookieHeader(request({ Cookie: 'a=1', 'X-Pantry-Session': 'v' }), 'PANTRY_SESSION')).toBe(
      'a=1; PANTRY_SESSION=v',
    );
    expect(
      sessionCookieHeader(request({ Cookie: 'PANTRY_SESSION=real', 'X-Pantry-Session': 'other' }), 'PANTRY_SESSION'),
    ).toBe('PANTRY_SESSION=real');
    for (const bad of ['a;PANTRY_USER=x', 'a b', 'x'.repeat(5000)])
      expect(sessionCookieHeader(request({ 'X-Pantry-Session': bad }), 'PANTRY_SESSION')).toBeNull();
  });

  it('hands the session cookie back as a header only to a page that said its browser refuses cookies', () => {
    const setting = () => {
      const headers = new Headers();
      headers.append('Set-Cookie', 'PANTRY_VISITOR_ID=v; Path=/; HttpOnly');
      headers.append('Set-Cookie', 'PANTRY_SESSION=eyJ%3D.sig; Max-Age=86400; Path=/; HttpOnly; SameSite=Lax');
      return headers;
    };
    const refused = setting();
    echoMemorySession(request({ 'X-Pantry-Cookies': 'refused' }), refused);
    expect(refused.get('X-Pantry-Session')).toBe('eyJ%3D.sig');
    const ordinary = setting();
    echoMemorySession(request({}), ordinary);
    expect(ordinary.get('X-Pantry-Session')).toBeNull();
    const cleared = new Headers({ 'Set-Cookie': 'B_PANTRY_SESSION=; Max-Age=0; Path=/' });
    echoMemorySession(request({ 'X-Pantry-Cookies': 'refused' }), cleared);
    expect(cleared.get('X-Pantry-Session')).toBe('');
  });
});
