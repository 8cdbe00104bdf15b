import type { LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { apiError, apiJson } from '~/modules/http/api.server';
import {
  deliveryStoresV2,
  RESOLVER_RADIUS_MILES,
  RESOLVER_SIZE,
  STORE_RESOLVER_FAILURE,
} from '~/modules/stores/store-resolver.server';
import { apiRoute } from '~/modules/http/api.server';

const Query = z.object({
  zipcode: z.string().max(10),
  radius: z.coerce.number().int().min(1).max(200).default(RESOLVER_RADIUS_MILES),
  size: z.coerce.number().int().min(1).max(50).default(RESOLVER_SIZE),
});

/** GET /api/stores/delivery-v2?zipcode[&radius=50][&size=10] — stores of every banner delivering there. */
async function loaderHandler({ request }: LoaderFunctionArgs) {
  const parsed = Query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return apiError(400, 'INVALID_QUERY', 'zipcode is required; radius 1-200, size 1-50.');
  try {
    const result = await deliveryStoresV2(parsed.data);
    if (!result.ok) return apiError(400, result.error.code, result.error.message);
    return apiJson({ delivery: result.delivery });
  } catch (error) {
    if (error instanceof Error && error.message === STORE_RESOLVER_FAILURE)
      return apiError(503, 'RESOLVER_UNAVAILABLE', STORE_RESOLVER_FAILURE);
    throw error;
  }
}

export const loader = apiRoute(loaderHandler);
