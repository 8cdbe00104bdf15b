import type { LoaderFunctionArgs } from '@remix-run/node';
import { apiError, apiJson, apiRoute } from '~/modules/http/api.server';
import { departmentListing } from '~/modules/catalog/catalog-api.server';

/** Spec section 7, department: GET /api/departments — every department and its aisles; the same for everyone. */
async function loaderHandler({ request }: LoaderFunctionArgs) {
  if (new URL(request.url).search.length > 1) {
    return apiError(400, 'BAD_QUERY', 'The department listing takes no parameters.');
  }
  return apiJson(await departmentListing(), { maxAgeSeconds: 300 });
}

export const loader = apiRoute(loaderHandler);
