import type { LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { apiRoute } from '~/modules/http/api.server';

/** /account/sign-in → /account/sign-in.html, keeping the query (goto, ml…). */
async function loaderHandler({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return redirect(`/account/sign-in.html${url.search}`, 301);
}

export const loader = apiRoute(loaderHandler);
