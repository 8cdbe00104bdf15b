import { newCorrelationId } from './service-call';

/**
 * The request id (decision 0110): one per request, on every log line it causes, echoed in X-Request-Id and sent on
 * to the identity provider. A caller's (a load balancer's, a service's) is kept when it is plainly an id; anything
 * else — too long, a newline, a byte outside ASCII — is replaced by a new one and never logged as given.
 */
export const REQUEST_ID_HEADER = 'X-Request-Id';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** The caller's request id when it is ≤ 128 characters of letters, digits, dot, underscore and dash. */
export function isAcceptableRequestId(given: unknown): given is string {
  return typeof given === 'string' && given.length <= 128 && REQUEST_ID.test(given);
}

/**
 * The request's id: the caller's X-Request-Id when acceptable, else its correlation id (decision 0085) when that is
 * acceptable, so a service call keeps one id end to end, else a new one.
 */
export function acceptedRequestId(requestId: unknown, correlationId?: unknown): string {
  if (isAcceptableRequestId(requestId)) return requestId;
  if (isAcceptableRequestId(correlationId)) return correlationId;
  return newCorrelationId();
}

/**
 * The headers a call to another of Pantry's services carries (the identity provider): the request's id, so the
 * provider's lines for it carry the same id, as its correlation id too (decision 0085). None outside a request.
 */
export function requestIdHeaders(requestId: string | undefined): Record<string, string> {
  return requestId ? { [REQUEST_ID_HEADER]: requestId, 'X-Correlation-Id': requestId } : {};
}
