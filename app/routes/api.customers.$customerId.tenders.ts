import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { requireCustomerCaller, type CallerRules } from '~/modules/access/customer-caller.server';
import { apiRoute, withHeaders } from '~/modules/http/api.server';
import { customerTenders } from '~/modules/orders/checkout.server';

const TENDERS_CALLER: CallerRules = {
  signIn: { code: 'SIGN_IN_REQUIRED', message: 'Sign in to see your saved payment methods.' },
};

/**
 * Spec section 7, customer service `customers/{customerId}/tenders`: the customer's saved cards (a brand, the last
 * four digits and the expiry; never a card number or the token). Owner only; another customer is 404.
 */
async function loaderHandler({ request, params }: LoaderFunctionArgs) {
  const { customerId, headers } = await requireCustomerCaller(request, params.customerId, TENDERS_CALLER);
  const tenders = await customerTenders(customerId);
  return json(
    {
      customerId: String(customerId),
      tenders: tenders.map((tender) => ({
        tenderId: String(tender.id),
        type: 'CARD',
        brand: tender.brand,
        lastFour: tender.lastFour,
        expiry: tender.expiry,
      })),
    },
    { headers: withHeaders(headers, { 'Cache-Control': 'private, no-store' }) },
  );
}

export const loader = apiRoute(loaderHandler);
