import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CALL_TIMEOUT_MESSAGE, CALL_TIMEOUT_MS, withCallTimeout, type CallWindow } from '~/modules/browser/call-timing';
import { RELOAD_DELAY_MS, reloadAfterRefreshFlag } from '~/modules/browser/reload-delay';

/** A fetch that answers only when told to, and rejects as a browser does when its signal aborts. */
function slowFetch() {
  const calls: { url: string; init?: RequestInit; answer: () => void }[] = [];
  const fetchImpl = ((input: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((resolve, reject) => {
      const url = input instanceof Request ? input.url : String(input);
      calls.push({ url, init, answer: () => resolve(new Response('ok')) });
      init?.signal?.addEventListener('abort', () =>
        reject(Object.assign(new Error('aborted'), { name: 'AbortError' })),
      );
    })) as typeof fetch;
  return { fetchImpl, calls };
}

const page = (pathname = '/shop/cart.html', navigation?: { location?: { pathname: string } }) =>
  ({
    location: { href: `http://localhost:3000${pathname}`, origin: 'http://localhost:3000', pathname },
    __remixRouter: { state: { navigation: navigation ?? {} } },
  }) satisfies CallWindow;

describe('the navigation call time-out (spec section 9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // AbortSignal.timeout runs on Node's own timers: the same signal, on the fake clock.
    vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms) => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')), ms);
      return controller.signal;
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('is 3,000 ms, and the reload after the refresh flag waits 1,000 ms', () => {
    expect(CALL_TIMEOUT_MS).toBe(3000);
    expect(RELOAD_DELAY_MS).toBe(1000);
  });

  it('answers an API call that has not answered in 3,000 ms with a 504 and a message for the shopper', async () => {
    const { fetchImpl, calls } = slowFetch();
    let settled = false;
    const call = withCallTimeout(fetchImpl, page())('/api/rewards/summary').finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(CALL_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const response = await call;
    expect(calls[0]!.init?.signal?.aborted).toBe(true);
    expect(response.status).toBe(504);
    expect(response.ok).toBe(false);
    expect(await response.json()).toEqual({
      ok: false,
      code: 'TIMEOUT',
      message: CALL_TIMEOUT_MESSAGE,
    });
  });

  it('lets an answer that comes in time through', async () => {
    const { fetchImpl, calls } = slowFetch();
    const call = withCallTimeout(
      fetchImpl,
      page(),
    )('/shop/search-suggestions?q=mi&_data=routes%2Fshop.search-suggestions');
    await vi.advanceTimersByTimeAsync(CALL_TIMEOUT_MS - 100);
    calls[0]!.answer();
    expect(await (await call).text()).toBe('ok');
    await vi.advanceTimersByTimeAsync(1000);
  });

  it("times out a fetcher's form post to the page shown", async () => {
    const { fetchImpl } = slowFetch();
    const call = withCallTimeout(fetchImpl, page())('/shop/cart.html?_data=routes%2Fshop.cart%5B.%5Dhtml', {
      method: 'POST',
    });
    await vi.advanceTimersByTimeAsync(CALL_TIMEOUT_MS);
    expect((await call).status).toBe(504);
  });

  it('keeps a cancellation by the caller a cancellation', async () => {
    const { fetchImpl } = slowFetch();
    const controller = new AbortController();
    const call = withCallTimeout(fetchImpl, page())('/api/userinfo', { signal: controller.signal });
    const outcome = call.catch((error: unknown) => (error as Error).name);
    controller.abort();
    expect(await outcome).toBe('AbortError');
  });

  it('leaves page loads, and calls to other origins, to the browser', async () => {
    const navigating = page('/shop/cart.html', { location: { pathname: '/shop/checkout.html' } });
    for (const [win, url] of [
      [navigating, '/shop/checkout.html?_data=root'],
      [page(), '/shop/cart.html?_data=root'],
      [page(), 'http://localhost:3001/api/v1/sessions/me/lifecycle/refresh'],
    ] as const) {
      const { fetchImpl, calls } = slowFetch();
      const call = withCallTimeout(fetchImpl, win)(url);
      await vi.advanceTimersByTimeAsync(CALL_TIMEOUT_MS * 3);
      expect(calls[0]!.init?.signal, url).toBeUndefined();
      expect(AbortSignal.timeout).not.toHaveBeenCalled();
      calls[0]!.answer();
      expect((await call).ok).toBe(true);
    }
  });

  it('reloads 1,000 ms after the refresh flag, and not if the page moved on', async () => {
    const reload = vi.fn();
    reloadAfterRefreshFlag(reload);
    await vi.advanceTimersByTimeAsync(RELOAD_DELAY_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(reload).toHaveBeenCalledOnce();
    const cancelled = vi.fn();
    reloadAfterRefreshFlag(cancelled)();
    await vi.advanceTimersByTimeAsync(RELOAD_DELAY_MS * 2);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
