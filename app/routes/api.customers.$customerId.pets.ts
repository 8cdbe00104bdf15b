import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { requireCustomerCaller } from '~/modules/access/customer-caller.server';
import { readJsonBody, withHeaders } from '~/modules/http/api.server';
import { petProfileSchema } from '~/modules/customers/pet-rules';
import { createPet, listPets } from '~/modules/customers/pets.server';
import { methodNotAllowed, ACCOUNT_CALLER } from '~/modules/customers/record-owner.server';
import { apiRoute } from '~/modules/http/api.server';

/** Spec section 7, pet profile: list (GET) and create (POST), owner only. */
async function loaderHandler({ request, params }: LoaderFunctionArgs) {
  const { shopper, customerId } = await requireCustomerCaller(request, params.customerId, ACCOUNT_CALLER);
  return json(
    { customerId: String(customerId), pets: await listPets(customerId) },
    { headers: withHeaders(shopper.headers, { 'Cache-Control': 'no-store' }) },
  );
}

async function actionHandler({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('GET, POST');
  const { shopper, customerId } = await requireCustomerCaller(request, params.customerId, ACCOUNT_CALLER);
  const body = await readJsonBody(request, petProfileSchema);
  const pet = await createPet(customerId, body);
  return json({ pet }, { status: 201, headers: withHeaders(shopper.headers, { 'Cache-Control': 'no-store' }) });
}

export const loader = apiRoute(loaderHandler);
export const action = apiRoute(actionHandler);
