import { timingSafeEqual } from 'node:crypto';
import { subscriptionKeys } from '~/modules/config/env.server';
import { withLogFields } from '~/modules/config/logger.server';
import { apiError } from './api.server';
import {
  acceptedCorrelationId,
  BANNER_HEADER,
  CLIENT_ID_HEADER,
  CORRELATION_ID_HEADER,
  pantryMediaType,
  SUBSCRIPTION_KEY_HEADER,
} from './service-call';

const CLIENT_ID = /^[a-z0-9][a-z0-9-]{0,39}$/;

export const SUBSCRIPTION_KEY_MESSAGE = 'This call needs a valid subscription key.';

/**
 * The call's correlation id: the caller's when well formed, else a new one. The production server has already put
 * its own on every `/api/` request (so its lines carry the same id); this covers any other host of the build.
 */
export function correlationIdOf(request: Request): string {
  return acceptedCorrelationId(request.headers.get(CORRELATION_ID_HEADER));
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Spec section 7: the call must carry one of the configured subscription keys; missing or wrong is 401. */
export function requireSubscriptionKey(request: Request): void {
  const given = request.headers.get(SUBSCRIPTION_KEY_HEADER)?.trim() ?? '';
  if (given && subscriptionKeys().some((key) => sameSecret(given, key))) return;
  throw apiError(401, 'SUBSCRIPTION_KEY_INVALID', SUBSCRIPTION_KEY_MESSAGE);
}

/** A banner header, when sent, must be the banner this host serves; a client id must look like one. */
export function checkCallerHeaders(request: Request, bannerId: string): void {
  const banner = request.headers.get(BANNER_HEADER);
  if (banner !== null && banner.trim().toLowerCase() !== bannerId) {
    throw apiError(400, 'WRONG_BANNER', 'The banner header does not name the banner this site serves.');
  }
  const clientId = request.headers.get(CLIENT_ID_HEADER);
  if (clientId !== null && !CLIENT_ID.test(clientId.trim())) {
    throw apiError(400, 'BAD_CLIENT_ID', 'The client id header is not one we recognise.');
  }
}

/**
 * The media type of the answer: the route's versioned type when Accept names it, plain JSON when Accept takes
 * JSON or anything; a call that only accepts another version of the vendor type is refused (406).
 */
function answerMediaType(request: Request, version: number): string {
  const accept = (request.headers.get('Accept') ?? '').toLowerCase();
  const wanted = pantryMediaType(version);
  if (accept.includes(wanted)) return wanted;
  if (!accept || /application\/json|\*\/\*|application\/\*/.test(accept)) return 'application/json';
  if (/application\/vnd\.pantry\.v\d+\+json/.test(accept)) {
    throw apiError(406, 'UNSUPPORTED_VERSION', `This call answers ${wanted}.`);
  }
  return 'application/json';
}

/**
 * Wraps a service call's loader or action (docs/decisions/0085): the correlation id (the caller's, or a new one)
 * is on every log line written while the call runs and is echoed in the answer, thrown refusals included; the
 * answer carries the route's versioned media type when the caller asked for it.
 */
export function serviceCall<A extends { request: Request }>(
  options: { version: number },
  handler: (args: A) => Promise<Response>,
): (args: A) => Promise<Response> {
  return async (args) => {
    const correlationId = correlationIdOf(args.request);
    const clientId = args.request.headers.get(CLIENT_ID_HEADER)?.trim();
    const fields = { correlationId, ...(clientId && CLIENT_ID.test(clientId) ? { clientId } : {}) };
    const mark = (response: Response, mediaType: string | null) => {
      response.headers.set(CORRELATION_ID_HEADER, correlationId);
      const vary = response.headers.get('Vary');
      if (!vary?.includes('Accept')) response.headers.set('Vary', vary ? `${vary}, Accept` : 'Accept');
      if (mediaType && (response.headers.get('Content-Type') ?? '').startsWith('application/json')) {
        response.headers.set('Content-Type', `${mediaType}; charset=utf-8`);
      }
      return response;
    };
    return withLogFields(fields, async () => {
      try {
        const mediaType = answerMediaType(args.request, options.version);
        return mark(await handler(args), mediaType);
      } catch (thrown) {
        if (thrown instanceof Response) throw mark(thrown, null);
        throw thrown;
      }
    });
  };
}
