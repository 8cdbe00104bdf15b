/**
 * Page-safe: the headers a page script sends on a service call (spec section 7, factor and preload calls;
 * docs/decisions/0085). The routes check them in service-call.server.ts.
 */
export const BANNER_HEADER = 'X-Banner';
export const CORRELATION_ID_HEADER = 'X-Correlation-Id';
export const CLIENT_ID_HEADER = 'X-Client-Id';
export const SUBSCRIPTION_KEY_HEADER = 'Pantry-Subscription-Key';

/** The client id the storefront's own pages call with (the spec's "client id web-portal"). */
export const WEB_PORTAL_CLIENT_ID = 'web-portal';

/** `application/vnd.pantry.v2+json`: the versioned media type a call asks for in Accept. */
export function pantryMediaType(version: number): string {
  return `application/vnd.pantry.v${version}+json`;
}

/** What a page needs to make service calls: its banner and the subscription key the server handed it. */
export interface ServiceCallContext {
  banner: string;
  subscriptionKey: string;
}

/** A correlation id a caller may choose: short, printable, no spaces (anything else is replaced). */
const CORRELATION_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/** The caller's correlation id when it is well formed, else a new one. */
export function acceptedCorrelationId(given: string | null | undefined): string {
  const trimmed = given?.trim() ?? '';
  return CORRELATION_ID.test(trimmed) ? trimmed : newCorrelationId();
}

/** A correlation id for one call: a random UUID (crypto.randomUUID where the browser has it). */
export function newCorrelationId(): string {
  const cryptoApi = globalThis.crypto as Crypto | undefined;
  if (cryptoApi?.randomUUID) return cryptoApi.randomUUID();
  const bytes = new Uint8Array(16);
  cryptoApi?.getRandomValues?.(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The headers of one service call: banner, correlation id, client id, subscription key, media type. */
export function serviceCallHeaders(
  context: ServiceCallContext,
  options: { version?: number; json?: boolean; correlationId?: string } = {},
): Record<string, string> {
  const headers: Record<string, string> = {
    [BANNER_HEADER]: context.banner,
    [CORRELATION_ID_HEADER]: options.correlationId ?? newCorrelationId(),
    [CLIENT_ID_HEADER]: WEB_PORTAL_CLIENT_ID,
    [SUBSCRIPTION_KEY_HEADER]: context.subscriptionKey,
    Accept: options.version ? `${pantryMediaType(options.version)}, application/json` : 'application/json',
  };
  if (options.json) headers['Content-Type'] = 'application/json';
  return headers;
}
