import type { LoaderFunctionArgs } from '@remix-run/node';
import { apiRoute } from '~/modules/http/api.server';
import { syndicatedHeaderStylesheet } from '~/modules/syndication/syndicated-header.server';

/** GET /syndication/header.css — the syndicated header's stylesheet, in the banner's colours (decision 0087). */
async function loaderHandler({ request }: LoaderFunctionArgs) {
  return syndicatedHeaderStylesheet(request);
}

export const loader = apiRoute(loaderHandler);
