import type { LoaderFunctionArgs } from '@remix-run/node';
import { apiRoute } from '~/modules/http/api.server';
import { syndicatedHeaderResponse } from '~/modules/syndication/syndicated-header.server';

/** GET /syndication/header.html — the header another site of the company embeds (spec section 2, decision 0087). */
async function loaderHandler({ request }: LoaderFunctionArgs) {
  return syndicatedHeaderResponse(request);
}

export const loader = apiRoute(loaderHandler);
