import type { LoaderFunctionArgs } from '@remix-run/node';
import { apiJson } from '~/modules/http/api.server';
import { loadStoreFlags } from '~/modules/flags/store-flags.server';
import { apiRoute } from '~/modules/http/api.server';

/** GET /api/stores/preload/{branchId}[?zipcode=] — the spec's store flags (preload) call. */
async function loaderHandler({ params }: LoaderFunctionArgs) {
  const state = await loadStoreFlags(params.branchId ?? '');
  return apiJson(state, { status: state.status, maxAgeSeconds: state.status === 200 ? 60 : undefined });
}

export const loader = apiRoute(loaderHandler);
