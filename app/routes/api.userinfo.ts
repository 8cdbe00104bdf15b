import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { z } from 'zod';
import { loadShopper } from '~/modules/access/shopper.server';
import { BANNER_IDS } from '~/modules/banners/hosts';
import { apiError, withHeaders } from '~/modules/http/api.server';
import { userInfo } from '~/modules/customers/user-info.server';
import { apiRoute } from '~/modules/http/api.server';

/** The `rand` parameter only defeats caches; `banner`, when given, must be this host's banner. */
const UserInfoQuery = z.object({
  rand: z.string().max(64).optional(),
  banner: z.enum(BANNER_IDS).optional(),
});

/**
 * Spec section 7: GET user-info path (with rand and banner). Resolving the shopper renews a lapsed
 * token while the provider allows it (spec section 4, validateSession), so the answer says whether the
 * customer is still signed in (userType C, with expireTime) or has become R.
 */
async function loaderHandler({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = UserInfoQuery.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) return apiError(400, 'BAD_QUERY', 'rand must be short and banner one of ours.');
  const shopper = await loadShopper(request);
  if (query.data.banner && query.data.banner !== shopper.host.bannerId) {
    return apiError(400, 'WRONG_BANNER', 'That banner is not the one this site serves.');
  }
  return json(await userInfo(shopper), {
    headers: withHeaders(shopper.headers, { 'Cache-Control': 'no-store', Vary: 'Cookie' }),
  });
}

export const loader = apiRoute(loaderHandler);
