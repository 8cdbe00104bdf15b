import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { z } from 'zod';
import { apiError, apiRoute } from '~/modules/http/api.server';
import { parseHost } from '~/modules/banners/hosts';
import { appEnvironment } from '~/modules/config/environment.server';
import { loadStoreFlags } from '~/modules/flags/store-flags.server';
import { checkCallerHeaders, requireSubscriptionKey, serviceCall } from '~/modules/http/service-call.server';
import { normalizeZip } from '~/modules/stores/geo';

const PreloadQuery = z.object({ zipcode: z.string().max(10).optional() }).strict();

/**
 * GET /api/stores/preload/{branchId}[?zipcode=] — the spec's store flags (preload) call. It needs the service
 * subscription key (401 without it, decision 0085); with a ZIP code the flags say whether the store delivers there.
 */
async function loaderHandler({ request, params }: LoaderFunctionArgs) {
  requireSubscriptionKey(request);
  const host = parseHost(request.headers.get('Host') ?? new URL(request.url).host, appEnvironment());
  checkCallerHeaders(request, host.bannerId);
  const query = PreloadQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const zipcode = query.success && query.data.zipcode !== undefined ? normalizeZip(query.data.zipcode) : undefined;
  if (!query.success || zipcode === null) {
    return apiError(400, 'BAD_QUERY', 'zipcode must be 5 digits or ZIP+4 (98101 or 98101-1234).');
  }
  const state = await loadStoreFlags(params.branchId ?? '', zipcode);
  return json(state, {
    status: state.status,
    headers: { 'Cache-Control': state.status === 200 ? 'private, max-age=60' : 'no-store' },
  });
}

export const loader = apiRoute(serviceCall({ version: 2 }, loaderHandler));
