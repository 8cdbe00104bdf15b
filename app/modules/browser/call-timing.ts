/**
 * Spec section 9, the navigation call time-out (decision 0089): every call a page's script makes to the storefront's
 * own APIs (fetchers, and `fetch` in components) gets an answer within CALL_TIMEOUT_MS. Installed once, on `window.fetch`,
 * by entry.client.tsx; it ships on every page, so it stays this small.
 */
export const CALL_TIMEOUT_MS = 3000;
export const CALL_TIMEOUT_MESSAGE = 'The store is taking too long to answer. Please try again.';

/**
 * What a timed-out call answers: a 504 in the shape of the storefront's own refusals (`{ ok: false, code, message }`,
 * as the clip, cart, reward and store-choice answers are), so each form shows the message where the shopper acted,
 * and a caller of `fetch` sees a failed response as it would from the server.
 */
export function callTimeoutResponse(): Response {
  return new Response(JSON.stringify({ ok: false, code: 'TIMEOUT', message: CALL_TIMEOUT_MESSAGE }), {
    status: 504,
    // Remix takes a 4xx/5xx without this header for one from a proxy and shows the error page instead of the answer.
    headers: { 'Content-Type': 'application/json', 'X-Remix-Response': 'yes' },
  });
}

export interface CallWindow {
  location: { href: string; origin: string; pathname: string };
  __remixRouter?: { state: { navigation: { location?: { pathname: string } } } };
}

/**
 * `fetch` with the time-out. Passed through untouched: other origins (the identity provider), page loads (the router
 * loading or submitting the page it navigates to, or reloading the data of the page shown: they keep the browser's own
 * patience, as a page without JavaScript would), Request objects, and browsers without AbortSignal.any. A cancellation
 * by the caller stays a cancellation.
 */
export function withCallTimeout(fetchImpl: typeof fetch, win: CallWindow): typeof fetch {
  return (input, init = {}) => {
    // The storefront's scripts call with a URL and an init (Remix passes a method only when it is not GET); a Request
    // object, with its own signal, is left as it is.
    if (input instanceof Request || !AbortSignal.any) return fetchImpl(input, init);
    const url = new URL(String(input), win.location.href);
    const pageLoad =
      url.searchParams.has('_data') &&
      (url.pathname === win.__remixRouter?.state.navigation.location?.pathname ||
        ((init.method ?? 'GET') === 'GET' && url.pathname === win.location.pathname));
    if (url.origin !== win.location.origin || pageLoad) return fetchImpl(input, init);
    const timeout = AbortSignal.timeout(CALL_TIMEOUT_MS);
    const outer = init.signal;
    return fetchImpl(input, { ...init, signal: outer ? AbortSignal.any([outer, timeout]) : timeout }).catch(
      (error: unknown) => {
        if (timeout.aborted && !outer?.aborted) return callTimeoutResponse();
        throw error;
      },
    );
  };
}
