import type { ActionFunctionArgs } from '@remix-run/node';
import { methodNotAllowed, withHeaders } from '~/modules/http/api.server';
import { refuseLargeBody } from '~/modules/http/forms.server';
import { requireFactorOwner, refusalResponse } from '~/modules/passkeys/factor-api.server';
import { removeFactor } from '~/modules/passkeys/factors.server';
import { apiRoute } from '~/modules/http/api.server';
import { serviceCall } from '~/modules/http/service-call.server';

/** DELETE …/customers/{uuid}/factors/{factorId}: removes one of the customer's own factors. */
async function actionHandler({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed('DELETE', 'Use DELETE to remove a factor.');
  refuseLargeBody(request);
  const { headers, customerId } = await requireFactorOwner(request, params.customerId, { elevated: true });
  const removed = await removeFactor(customerId, params.factorId ?? '');
  if (!removed.ok) return refusalResponse(removed);
  return new Response(null, { status: 204, headers: withHeaders(headers, { 'Cache-Control': 'no-store' }) });
}

export const action = apiRoute(serviceCall({ version: 2 }, actionHandler));
