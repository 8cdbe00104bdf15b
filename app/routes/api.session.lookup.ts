import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { loadShopper } from '~/modules/access/shopper.server';
import { storeCardLookupSchema } from '~/modules/customers/store-card-schema';
import { STORE_CARD_BUSINESS_MESSAGE } from '~/modules/customers/store-card-words';
import { lookupStoreCard, storeCardTriesAllowed } from '~/modules/customers/store-cards.server';
import { apiError, apiRoute, methodNotAllowed, readJsonBody, withHeaders } from '~/modules/http/api.server';
import { clientKey } from '~/modules/http/client-key.server';

/**
 * Spec section 7, customer-session `lookup` (decision 0102): POST `{ clubCard, phone }` finds a store card by its
 * number and the phone on it together, for the registration page. `{ found: true, stepUp: true, firstName }` for a
 * card to step up, `{ found: true, stepUp: false }` for one that has an online account, else `{ found: false }`.
 * Nothing about emails. Limited per client and per card.
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed('POST', 'Use POST to look up a store card.');
  const body = await readJsonBody(request, storeCardLookupSchema);
  const shopper = await loadShopper(request);
  if (shopper.host.siteType === 'B') throw apiError(404, 'BUSINESS_SITE', STORE_CARD_BUSINESS_MESSAGE);
  const tries = await storeCardTriesAllowed(
    clientKey(request, shopper.session?.info.COMMON.deviceId),
    body.clubCard,
    'lookup',
  );
  if (!tries.allowed) {
    const refusal = apiError(429, 'TOO_MANY_ATTEMPTS', tries.message);
    refusal.headers.set('Retry-After', String(tries.retryAfterSeconds));
    throw refusal;
  }
  const answer = await lookupStoreCard(shopper.host.bannerId, body);
  return json(answer, { headers: withHeaders(shopper.headers, { 'Cache-Control': 'no-store' }) });
});
