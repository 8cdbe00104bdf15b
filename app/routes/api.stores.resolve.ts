import type { LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { apiError, apiJson } from '~/modules/http/api.server';
import { preferenceParam } from '~/modules/stores/preference-param';
import { resolveStoresByZip, STORE_RESOLVER_FAILURE } from '~/modules/stores/store-resolver.server';
import { apiRoute } from '~/modules/http/api.server';

const Query = z.object({
  banner: z.string().min(1).max(40),
  zipcode: z.string().max(10),
  preference: preferenceParam.optional(),
  radius: z.coerce.number().int().min(1).max(200).optional(),
  size: z.coerce.number().int().min(1).max(50).optional(),
});

/** GET /api/stores/resolve?banner&zipcode[&preference][&radius][&size] — the banner's stores by distance. */
async function loaderHandler({ request }: LoaderFunctionArgs) {
  const parsed = Query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success)
    return apiError(400, 'INVALID_QUERY', 'banner and zipcode are required; radius 1-200, size 1-50.');
  try {
    const result = await resolveStoresByZip(parsed.data);
    if (!result.ok)
      return apiError(result.error.code === 'NO_STORES_IN_RANGE' ? 404 : 400, result.error.code, result.error.message);
    return apiJson({ zipcode: result.zipcode, stores: result.stores });
  } catch (error) {
    if (error instanceof Error && error.message === STORE_RESOLVER_FAILURE)
      return apiError(503, 'RESOLVER_UNAVAILABLE', STORE_RESOLVER_FAILURE);
    throw error;
  }
}

export const loader = apiRoute(loaderHandler);
