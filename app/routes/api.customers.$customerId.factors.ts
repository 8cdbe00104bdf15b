import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { methodNotAllowed, readJsonBody, withHeaders } from '~/modules/http/api.server';
import { requireFactorOwner, refusalResponse } from '~/modules/passkeys/factor-api.server';
import { createFactorBody } from '~/modules/passkeys/factor-schema';
import { createFactor, listFactors } from '~/modules/passkeys/factors.server';
import { relyingPartyFor } from '~/modules/passkeys/relying-party.server';
import { apiRoute } from '~/modules/http/api.server';
import { serviceCall } from '~/modules/http/service-call.server';

const noStore = (headers: Headers) => withHeaders(headers, { 'Cache-Control': 'private, no-store' });

/** Spec section 7: GET …/customers/{uuid}/factors lists the customer's factors. */
async function loaderHandler({ request, params }: LoaderFunctionArgs) {
  const { headers, customerId } = await requireFactorOwner(request, params.customerId, { elevated: false });
  return json(await listFactors(customerId), { headers: noStore(headers) });
}

/** Spec section 7: POST …/customers/{uuid}/factors (factorType webauthn, provider FIDO) → id and activation. */
async function actionHandler({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('GET, POST', 'Use POST to create a factor.');
  const { headers, customerId } = await requireFactorOwner(request, params.customerId, { elevated: true });
  const body = await readJsonBody(request, createFactorBody);
  const created = await createFactor(customerId, relyingPartyFor(request), { name: body.name });
  if (!created.ok) return refusalResponse(created);
  return json(
    {
      id: created.id,
      factorType: 'webauthn',
      provider: 'FIDO',
      status: created.status,
      activation: created.activation,
    },
    { status: 201, headers: noStore(headers) },
  );
}

export const loader = apiRoute(serviceCall({ version: 2 }, loaderHandler));
export const action = apiRoute(serviceCall({ version: 2 }, actionHandler));
