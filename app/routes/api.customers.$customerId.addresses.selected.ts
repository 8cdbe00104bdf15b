import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { requireCustomerCaller } from '~/modules/access/customer-caller.server';
import { z } from 'zod';
import { BANNER_IDS } from '~/modules/banners/hosts';
import { apiError, readJsonBody, withHeaders } from '~/modules/http/api.server';
import { ADDRESS_PURPOSES, selectedAddressSchema } from '~/modules/customers/address-rules';
import { selectAddress, selectedAddress } from '~/modules/customers/addresses.server';
import { methodNotAllowed, refusalStatus, ACCOUNT_CALLER } from '~/modules/customers/record-owner.server';
import { apiRoute } from '~/modules/http/api.server';

const SelectedQuery = z.object({ banner: z.enum(BANNER_IDS).optional() });

/**
 * Spec section 3, "Selected address: addressId, banner, purposes". GET answers the selection of one
 * banner (this site's unless ?banner= names another); PUT (or POST) makes an address the selected one.
 */
async function loaderHandler({ request, params }: LoaderFunctionArgs) {
  const { shopper, customerId, bannerId } = await requireCustomerCaller(request, params.customerId, ACCOUNT_CALLER);
  const query = SelectedQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return apiError(400, 'BAD_QUERY', 'banner must be one of ours.');
  const banner = query.data.banner ?? bannerId;
  const selected = [];
  for (const purpose of ADDRESS_PURPOSES) {
    const row = await selectedAddress(customerId, banner, purpose);
    if (row) selected.push({ addressId: row.id, banner, purpose });
  }
  return json(
    { banner, selected: groupByAddress(selected) },
    { headers: withHeaders(shopper.headers, { 'Cache-Control': 'no-store' }) },
  );
}

function groupByAddress(rows: { addressId: number; banner: string; purpose: string }[]) {
  const byAddress = new Map<number, { addressId: number; banner: string; purposes: string[] }>();
  for (const row of rows) {
    const entry = byAddress.get(row.addressId) ?? { addressId: row.addressId, banner: row.banner, purposes: [] };
    entry.purposes.push(row.purpose);
    byAddress.set(row.addressId, entry);
  }
  return [...byAddress.values()];
}

async function actionHandler({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'PUT' && request.method !== 'POST') return methodNotAllowed('GET, PUT, POST');
  const { shopper, customerId, bannerId } = await requireCustomerCaller(request, params.customerId, ACCOUNT_CALLER);
  const body = await readJsonBody(request, selectedAddressSchema);
  const result = await selectAddress(customerId, bannerId, body);
  if (!result.ok) return apiError(refusalStatus(result.code), result.code, result.message);
  return json(result.selected, { headers: withHeaders(shopper.headers, { 'Cache-Control': 'no-store' }) });
}

export const loader = apiRoute(loaderHandler);
export const action = apiRoute(actionHandler);
