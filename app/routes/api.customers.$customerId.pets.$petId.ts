import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { requireCustomerCaller } from '~/modules/access/customer-caller.server';
import { apiError, readJsonBody, withHeaders } from '~/modules/http/api.server';
import { PET_MESSAGES, petProfileSchema } from '~/modules/customers/pet-rules';
import { deletePet, getPet, updatePet } from '~/modules/customers/pets.server';
import { methodNotAllowed, recordIdParam, ACCOUNT_CALLER } from '~/modules/customers/record-owner.server';
import { apiRoute } from '~/modules/http/api.server';

/** Spec section 7, pet profile: get by {petId} (GET), update (PUT), delete (DELETE); owner only. */
async function loaderHandler({ request, params }: LoaderFunctionArgs) {
  const { shopper, customerId } = await requireCustomerCaller(request, params.customerId, ACCOUNT_CALLER);
  const pet = await getPet(customerId, recordIdParam(params.petId, PET_MESSAGES.notFound));
  if (!pet) return apiError(404, 'NOT_FOUND', PET_MESSAGES.notFound);
  return json({ pet }, { headers: withHeaders(shopper.headers, { 'Cache-Control': 'no-store' }) });
}

async function actionHandler({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'PUT' && request.method !== 'DELETE') return methodNotAllowed('GET, PUT, DELETE');
  const { shopper, customerId } = await requireCustomerCaller(request, params.customerId, ACCOUNT_CALLER);
  const petId = recordIdParam(params.petId, PET_MESSAGES.notFound);
  const headers = withHeaders(shopper.headers, { 'Cache-Control': 'no-store' });
  if (request.method === 'DELETE') {
    if (!(await deletePet(customerId, petId))) return apiError(404, 'NOT_FOUND', PET_MESSAGES.notFound);
    return json({ petId, deleted: true }, { headers });
  }
  const body = await readJsonBody(request, petProfileSchema);
  const pet = await updatePet(customerId, petId, body);
  if (!pet) return apiError(404, 'NOT_FOUND', PET_MESSAGES.notFound);
  return json({ pet }, { headers });
}

export const loader = apiRoute(loaderHandler);
export const action = apiRoute(actionHandler);
