import type { ActionFunctionArgs } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { loadShopper } from '~/modules/access/shopper.server';
import { assertSameOrigin } from '~/modules/http/forms.server';
import { withHeaders } from '~/modules/http/api.server';

/**
 * Spec section 4, validateSession, for an open page whose token has run out: resolving the shopper
 * refreshes the token while the provider allows it; otherwise the answer is "expired" and the page
 * shows the session-timeout modal.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const shopper = await loadShopper(request);
  const headers = withHeaders(shopper.headers, { 'Cache-Control': 'no-store' });
  if (shopper.userType === 'C' && shopper.customer) {
    return json({ status: 'active' as const, expiresAt: shopper.customer.exp * 1000 }, { headers });
  }
  return json({ status: 'expired' as const, expiresAt: null }, { headers });
}

export async function loader() {
  return redirect('/');
}
