import { COOKIES_REFUSED, COOKIES_REFUSED_HEADER, MEMORY_SESSION_HEADER } from '~/modules/session/memory-session';

/**
 * Spec section 5: "Cookies go to in-memory storage when the browser disallows cookies" (decision 0101). For the life
 * of the page, the session the storefront would have kept in a cookie is kept here and sent with every call the page
 * makes to its own origin (the client router's page data included), so a chosen store stays chosen across
 * client-side navigations. A reload starts afresh, as the shopper's browser asked.
 */
let memory: string | null = null;
let installed = false;

type Fetch = typeof fetch;

function sameOrigin(input: RequestInfo | URL, origin: string): boolean {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  try {
    return new URL(url, origin).origin === origin;
  } catch {
    return false;
  }
}

/** A fetch that carries the in-memory session to this origin and keeps what the storefront hands back. */
export function withMemorySession(original: Fetch, origin: string): Fetch {
  return async (input, init) => {
    if (!sameOrigin(input, origin)) return original(input, init);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    headers.set(COOKIES_REFUSED_HEADER, COOKIES_REFUSED);
    if (memory) headers.set(MEMORY_SESSION_HEADER, memory);
    const response = await original(input, { ...init, headers });
    const kept = response.headers.get(MEMORY_SESSION_HEADER);
    if (kept !== null) memory = kept || null;
    return response;
  };
}

/** Installs the wrapper once per page. */
export function startMemorySession(win: { fetch: Fetch; location: { origin: string } } = window): void {
  if (installed) return;
  installed = true;
  win.fetch = withMemorySession(win.fetch.bind(win), win.location.origin);
}

/** For tests: the session held, and a fresh start. */
export function memorySession(): string | null {
  return memory;
}
export function forgetMemorySession(): void {
  memory = null;
  installed = false;
}
