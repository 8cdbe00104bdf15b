import type { LoaderFunctionArgs } from '@remix-run/node';
import { apiError, apiJson, apiRoute } from '~/modules/http/api.server';
import { citiesByZip } from '~/modules/stores/zip-codes.server';

/**
 * Spec section 7, customer service `cities/{zipCode}`: the city and state of a ZIP code (5 digits or ZIP+4), for
 * address forms. Anyone may ask; the answer is the same for everyone.
 */
async function loaderHandler({ params }: LoaderFunctionArgs) {
  const zipCode = params.zipCode ?? '';
  if (!/^\d{5}(-\d{4})?$/.test(zipCode)) {
    return apiError(400, 'BAD_ZIP_CODE', 'A ZIP code is 5 digits, or ZIP+4 (98101 or 98101-1234).');
  }
  const answer = citiesByZip(zipCode);
  if (!answer) return apiError(404, 'ZIP_UNKNOWN', 'We do not know that ZIP code.');
  return apiJson(answer, { maxAgeSeconds: 3600 });
}

export const loader = apiRoute(loaderHandler);
