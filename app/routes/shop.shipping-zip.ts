import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { pageAccess, PUBLIC_PAGE, CART_PAGE } from '~/components/page-essentials';
import { redirectPolicy, requireUserType } from '~/modules/access/shopper.server';
import { editTarget, safeRedirect } from '~/modules/access/safe-redirect';
import { parseForm } from '~/modules/http/forms.server';
import { shipZipCookie } from '~/modules/shipping/shipping-estimates.server';
import { isShipZip, shipZipFormSchema } from '~/modules/shipping/shipping-zip';
import { lookupZip } from '~/modules/stores/zip-codes.server';
import { apiRoute } from '~/modules/http/api.server';

/** POST /shop/shipping-zip: the ZIP code shipping estimates use (a signed cookie), then back to the page. */
const access = pageAccess({ allowedUserTypes: PUBLIC_PAGE, escapeSSO: true });

function backTo(returnTo: string | undefined, extra: Record<string, string>) {
  return editTarget(safeRedirect(returnTo ?? CART_PAGE, redirectPolicy()), (url) => {
    url.searchParams.delete('shipZipError');
    for (const [key, value] of Object.entries(extra)) url.searchParams.set(key, value);
    if (!url.hash) url.hash = 'shipping';
  });
}

async function actionHandler({ request }: ActionFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const headers = new Headers(shopper.headers);
  const form = await parseForm(request, shipZipFormSchema);
  if (!form.ok) return redirect(backTo(undefined, { shipZipError: 'BAD_ZIP' }), { headers });
  if (!isShipZip(form.data.zipcode)) {
    return redirect(backTo(form.data.returnTo, { shipZipError: 'BAD_ZIP' }), { headers });
  }
  if (!lookupZip(form.data.zipcode)) {
    return redirect(backTo(form.data.returnTo, { shipZipError: 'UNKNOWN_ZIP' }), { headers });
  }
  headers.append('Set-Cookie', await shipZipCookie(form.data.zipcode, shopper));
  return redirect(backTo(form.data.returnTo, {}), { headers });
}

async function loaderHandler() {
  return redirect(CART_PAGE);
}

export const loader = apiRoute(loaderHandler);
export const action = apiRoute(actionHandler);
