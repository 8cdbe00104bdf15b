import { createLocalJWKSet, errors, type JWTVerifyGetKey } from 'jose';
import { currentRequestId, log } from '~/modules/config/logger.server';
import { DependencyUnavailableError } from '~/modules/http/dependency-unavailable';
import { requestIdHeaders } from '~/modules/http/request-id';

export const PROVIDER_KEYS = 'identity provider keys';

export interface ProviderKeySetOptions {
  /** A fetch that takes longer (headers and body) is a failure. */
  timeoutMs?: number;
  /** How old the key set may get before it is fetched again, in the background. */
  refreshMs?: number;
  /** How soon a failed fetch is tried again while the last good set stays in use. */
  retryMs?: number;
  /** A token naming a key the set lacks fetches the set again at most this often (key rotation). */
  cooldownMs?: number;
  now?: () => number;
}

/**
 * The identity provider's signing keys, fetched once and kept (decision 0064). A stale set is used while a
 * fresh one is fetched in the background, so a provider restart or a slow key endpoint never delays or fails
 * a signed-in request; a failed refresh is logged and the last good set stays. Only when there is no set yet
 * (or a token names a key the set lacks) does a request wait for the fetch, and then its failure throws a
 * DependencyUnavailableError: an outage (503), never a reason to sign anyone out.
 */
export function providerKeySet(url: URL, options: ProviderKeySetOptions = {}): JWTVerifyGetKey {
  const { timeoutMs = 3000, refreshMs = 5 * 60_000, retryMs = 5000, cooldownMs = 30_000 } = options;
  const now = options.now ?? Date.now;
  let current: { keys: ReturnType<typeof createLocalJWKSet>; fetchedAt: number } | undefined;
  let pending: Promise<void> | undefined;
  let lastAttempt = Number.NEGATIVE_INFINITY;

  async function fetchKeys() {
    lastAttempt = now();
    try {
      // The signal bounds the body too: a key endpoint that sends headers and then stalls cannot hold requests.
      const response = await fetch(url, {
        headers: { Accept: 'application/json', ...requestIdHeaders(currentRequestId()) },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`the key set answered ${response.status}`);
      current = {
        keys: createLocalJWKSet((await response.json()) as Parameters<typeof createLocalJWKSet>[0]),
        fetchedAt: now(),
      };
    } catch (error) {
      log.warn(`${PROVIDER_KEYS} could not be fetched`, {
        url: url.href,
        error: error instanceof Error ? error.message : String(error),
        keptLastGoodSet: Boolean(current),
      });
      throw new DependencyUnavailableError(PROVIDER_KEYS, { cause: error });
    }
  }

  /** One fetch at a time, shared by every request that waits for it. */
  function load(): Promise<void> {
    pending ??= fetchKeys().finally(() => {
      pending = undefined;
    });
    return pending;
  }

  return async (header, token) => {
    if (!current) await load();
    else if (now() - current.fetchedAt >= refreshMs && now() - lastAttempt >= retryMs) load().catch(() => undefined);
    try {
      return await current!.keys(header, token);
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey) || now() - lastAttempt < cooldownMs) throw error;
      await load();
      return current!.keys(header, token);
    }
  };
}
