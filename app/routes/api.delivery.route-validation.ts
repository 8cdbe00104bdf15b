import type { LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { apiError, apiJson, apiRoute } from '~/modules/http/api.server';
import { DELIVERY_REACH_MESSAGES, deliveryReach } from '~/modules/stores/delivery-reach.server';
import { storeById } from '~/modules/stores/stores.server';

const Query = z
  .object({
    storeId: z.string({ required_error: 'storeId is required.' }).regex(/^\d{1,4}$/, 'storeId is 1 to 4 digits.'),
    zipcode: z
      .string({ required_error: 'zipcode is required.' })
      .regex(/^\d{5}(-\d{4})?$/, 'zipcode is 5 digits or ZIP+4 (98101 or 98101-1234).'),
  })
  .strict();

/**
 * Spec section 7, route validation (modern1): GET /api/delivery/route-validation?storeId&zipcode — whether the
 * store's delivery route reaches the ZIP code (it delivers, and the ZIP code is within its delivery radius), with
 * the distance and the reason when it does not. Anyone may ask; the answer is the same for everyone.
 */
async function loaderHandler({ request }: LoaderFunctionArgs) {
  const query = Query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return apiError(400, 'BAD_QUERY', query.error.issues[0]?.message ?? 'Bad query.');
  const store = await storeById(query.data.storeId);
  if (!store) return apiError(404, 'STORE_NOT_FOUND', 'We could not find that store.');
  const reach = deliveryReach(store, query.data.zipcode);
  return apiJson(
    {
      valid: reach.delivers,
      storeId: String(store.id),
      zipcode: query.data.zipcode,
      reason: reach.reason,
      message: DELIVERY_REACH_MESSAGES[reach.reason],
      distanceMiles: reach.distanceMiles,
      radiusMiles: reach.radiusMiles,
    },
    { maxAgeSeconds: 300 },
  );
}

export const loader = apiRoute(loaderHandler);
