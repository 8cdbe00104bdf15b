import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { methodNotAllowed, readJsonBody, withHeaders } from '~/modules/http/api.server';
import { requireFactorOwner, refusalResponse } from '~/modules/passkeys/factor-api.server';
import { activateFactorBody } from '~/modules/passkeys/factor-schema';
import { activateFactor } from '~/modules/passkeys/factors.server';
import { relyingPartyFor } from '~/modules/passkeys/relying-party.server';
import { apiRoute } from '~/modules/http/api.server';
import { serviceCall } from '~/modules/http/service-call.server';

/** Spec section 7: POST …/factors/{factorId}/lifecycle/activate with attestation and clientData. */
async function actionHandler({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST', 'Use POST to activate a factor.');
  const { headers, customerId } = await requireFactorOwner(request, params.customerId, { elevated: true });
  const body = await readJsonBody(request, activateFactorBody);
  const activated = await activateFactor(customerId, params.factorId ?? '', relyingPartyFor(request), body);
  if (!activated.ok) return refusalResponse(activated);
  return json(activated.factor, { headers: withHeaders(headers, { 'Cache-Control': 'private, no-store' }) });
}

export const action = apiRoute(serviceCall({ version: 3 }, actionHandler));
