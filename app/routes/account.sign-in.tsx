import type { LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';

/** /account/sign-in → /account/sign-in.html, keeping the query (goto, ml…). */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return redirect(`/account/sign-in.html${url.search}`, 301);
}
