import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { z } from 'zod';
import { requireCustomerCaller, type CallerRules } from '~/modules/access/customer-caller.server';
import { LOYALTY_PARTNER_CODES } from '~/modules/customers/loyalty-partners';
import {
  customerLoyaltyPartners,
  linkLoyaltyPartner,
  unlinkLoyaltyPartner,
} from '~/modules/customers/loyalty-partners.server';
import { apiError, apiRoute, methodNotAllowed, readJsonBody, withHeaders } from '~/modules/http/api.server';

const PARTNERS_CALLER: CallerRules = {
  signIn: { code: 'SIGN_IN_REQUIRED', message: 'Sign in to manage your loyalty partners.' },
};

const partnerCode = z.enum(LOYALTY_PARTNER_CODES, {
  errorMap: () => ({ message: `partnerCode is one of ${LOYALTY_PARTNER_CODES.join(', ')}.` }),
});
const LinkBody = z
  .object({
    partnerCode,
    memberId: z
      .string()
      .trim()
      .regex(/^\d{1,20}$/, 'memberId is the member number, digits only.'),
  })
  .strict();
const UnlinkBody = z.object({ partnerCode }).strict();

const noStore = (headers: Headers) => withHeaders(headers, { 'Cache-Control': 'private, no-store' });

/** Spec section 7, customer service `customers/{customerId}/loyaltypartners`: every partner and the customer's links. */
async function loaderHandler({ request, params }: LoaderFunctionArgs) {
  const { customerId, headers } = await requireCustomerCaller(request, params.customerId, PARTNERS_CALLER);
  return json(
    { customerId: String(customerId), partners: await customerLoyaltyPartners(customerId) },
    { headers: noStore(headers) },
  );
}

/** PUT links a partner account (`{ partnerCode, memberId }`); DELETE unlinks one (`{ partnerCode }`). */
async function actionHandler({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'PUT' && request.method !== 'DELETE') {
    return methodNotAllowed('GET, PUT, DELETE', 'Use PUT to link a partner or DELETE to unlink one.');
  }
  const { customerId, headers } = await requireCustomerCaller(request, params.customerId, PARTNERS_CALLER);
  if (request.method === 'PUT') {
    const body = await readJsonBody(request, LinkBody);
    const linked = await linkLoyaltyPartner(customerId, body.partnerCode, body.memberId);
    if (!linked.ok) return apiError(400, linked.code, linked.message);
  } else {
    const body = await readJsonBody(request, UnlinkBody);
    if (!(await unlinkLoyaltyPartner(customerId, body.partnerCode))) {
      return apiError(404, 'NOT_LINKED', 'That partner is not linked to your account.');
    }
  }
  return json(
    { customerId: String(customerId), partners: await customerLoyaltyPartners(customerId) },
    { headers: noStore(headers) },
  );
}

export const loader = apiRoute(loaderHandler);
export const action = apiRoute(actionHandler);
