import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { loadShopper } from '~/modules/access/shopper.server';
import { assertSameOrigin } from '~/modules/http/forms.server';
import { signOut } from '~/modules/identity/sign-out.server';

/** POST /account/sign-out — never a GET, so no link or image can sign a shopper out. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const shopper = await loadShopper(request);
  const outcome = await signOut(request, shopper);
  const headers = new Headers(shopper.headers);
  for (const cookie of outcome.setCookies) headers.append('Set-Cookie', cookie);
  return redirect(outcome.redirectTo, { headers });
}

export async function loader() {
  return redirect('/');
}
