import type { LoaderFunctionArgs } from '@remix-run/node';
import { apiJson } from '~/modules/http/api.server';
import { loadStoreFlags } from '~/modules/flags/store-flags.server';

/** GET /api/stores/preload/{branchId}[?zipcode=] — the spec's store flags (preload) call. */
export async function loader({ params }: LoaderFunctionArgs) {
  const state = await loadStoreFlags(params.branchId ?? '');
  return apiJson(state, { status: state.status, maxAgeSeconds: state.status === 200 ? 60 : undefined });
}
