import { json } from '@remix-run/node';
import { apiRoute } from '~/modules/http/api.server';
import { unavailableHeaders } from '~/modules/http/database-unavailable.server';
import { readiness } from '~/modules/http/readiness.server';

/** Readiness for load balancers: database, schema and identity provider (decision 0110). */
async function loaderHandler() {
  const state = await readiness();
  return json(state, {
    status: state.ready ? 200 : 503,
    headers: state.ready ? { 'Cache-Control': 'no-store' } : unavailableHeaders(),
  });
}

export const loader = apiRoute(loaderHandler);
