import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { apiError, withHeaders } from '~/modules/http/api.server';
import { galleryFiltersSchema } from '~/modules/offers/gallery-filters';
import { offerGallery } from '~/modules/offers/offers.server';
import { apiViewer } from '~/modules/offers/offers-api.server';
import { apiRoute } from '~/modules/http/api.server';

/** Spec section 7: the offers gallery, anonymous (no clip state) or registered (with it). */
async function loaderHandler({ request }: LoaderFunctionArgs) {
  const query = galleryFiltersSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return apiError(400, 'BAD_QUERY', query.error.issues[0]?.message ?? 'Bad filter.');
  const { shopper, viewer } = await apiViewer(request);
  const gallery = await offerGallery(viewer, query.data);
  return json(
    { registered: viewer.customerId !== null, storeId: String(viewer.storeId), ...gallery },
    { headers: withHeaders(shopper.headers, { 'Cache-Control': 'no-store', Vary: 'Cookie' }) },
  );
}

export const loader = apiRoute(loaderHandler);
