import type { LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { apiError, apiJson } from '~/modules/http/api.server';
import { STORE_RESOLVER_FAILURE, validateStoreSelection } from '~/modules/stores/store-resolver.server';
import { preferenceParam } from '~/modules/stores/preference-param';
import { apiRoute } from '~/modules/http/api.server';

const Query = z.object({
  banner: z.string().min(1).max(40),
  storeid: z.string().regex(/^\d{1,4}$/),
  preference: preferenceParam,
  zipcode: z
    .string()
    .regex(/^\d{5}(-\d{4})?$/)
    .optional(),
});

/** GET /api/stores/validate?banner&storeid&preference[&zipcode] — the spec's resolver validate call. */
async function loaderHandler({ request }: LoaderFunctionArgs) {
  const parsed = Query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) {
    return apiError(
      400,
      'INVALID_QUERY',
      'banner, storeid (1-4 digits) and preference (INSTORE, DELIVERY or PICKUP) are required.',
    );
  }
  try {
    const { banner, storeid, preference, zipcode } = parsed.data;
    return apiJson(await validateStoreSelection({ banner, storeId: storeid, preference, zipcode }));
  } catch (error) {
    if (error instanceof Error && error.message === STORE_RESOLVER_FAILURE)
      return apiError(503, 'RESOLVER_UNAVAILABLE', STORE_RESOLVER_FAILURE);
    throw error;
  }
}

export const loader = apiRoute(loaderHandler);
