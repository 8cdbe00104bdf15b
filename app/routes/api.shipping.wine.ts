import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { z } from 'zod';
import { loadShopper } from '~/modules/access/shopper.server';
import { apiError, methodNotAllowed, readJsonBody, withHeaders } from '~/modules/http/api.server';
import { wineShipMethods } from '~/modules/shipping/wine-shipping.server';
import { apiRoute } from '~/modules/http/api.server';

const Body = z.object({
  zipcode: z.string().regex(/^\d{5}(-\d{4})?$/, 'Enter a 5-digit ZIP code, like 98101.'),
  branchId: z.string().regex(/^\d{1,4}$/, 'A branch id has 1 to 4 digits.'),
  wfcStoreId: z.string().min(1, 'Send the wine store id.').max(16),
  items: z
    .array(z.object({ productId: z.number().int().positive(), quantity: z.number().int().min(1).max(99).default(1) }))
    .max(100)
    .optional(),
});

/**
 * Spec section 7, the wine landing call: POST { zipcode, branchId, wfcStoreId } → { zipcode, branchId,
 * wfcStoreId, shipMethods, expiry }, or an error saying why wine cannot ship ("We can't ship wine to Utah.").
 */
async function actionHandler({ request }: ActionFunctionArgs) {
  const shopper = await loadShopper(request);
  const body = await readJsonBody(request, Body);
  const result = await wineShipMethods(body);
  if (!result.ok) return apiError(result.status, result.code, result.message);
  const { ok: _ok, ...answer } = result;
  return json(answer, { headers: withHeaders(shopper.headers, { 'Cache-Control': 'no-store' }) });
}

async function loaderHandler() {
  return methodNotAllowed('POST', 'POST a ZIP code, branch id and wine store id to estimate wine shipping.');
}

export const loader = apiRoute(loaderHandler);
export const action = apiRoute(actionHandler);
