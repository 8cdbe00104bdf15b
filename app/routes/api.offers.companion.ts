import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { z } from 'zod';
import { apiError, apiRoute, withHeaders } from '~/modules/http/api.server';
import { companionOffers } from '~/modules/offers/offers.server';
import { apiViewer } from '~/modules/offers/offers-api.server';

const CompanionQuery = z
  .object({
    productIds: z
      .string({ required_error: 'productIds lists the products, comma-separated.' })
      .regex(/^\d{1,9}(,\d{1,9}){0,49}$/, 'productIds is 1 to 50 product ids, comma-separated.')
      .transform((list) => [...new Set(list.split(',').map(Number))]),
  })
  .strict();

/**
 * Spec section 7 (xapi), companion gallery: GET /api/offers/companion?productIds=1,2 — the banner's live offers on
 * those products, with clip state for a signed-in customer. Anyone may ask.
 */
async function loaderHandler({ request }: LoaderFunctionArgs) {
  const query = CompanionQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return apiError(400, 'BAD_QUERY', query.error.issues[0]?.message ?? 'Bad query.');
  const { shopper, viewer } = await apiViewer(request);
  const offers = await companionOffers(viewer, query.data.productIds);
  return json(
    { registered: viewer.customerId !== null, offers },
    { headers: withHeaders(shopper.headers, { 'Cache-Control': 'no-store', Vary: 'Cookie' }) },
  );
}

export const loader = apiRoute(loaderHandler);
