import { json } from '@remix-run/node';
import { databaseHealth } from '~/modules/http/health.server';
import { apiRoute } from '~/modules/http/api.server';
import { unavailableHeaders } from '~/modules/http/database-unavailable.server';

/** Liveness and database reachability for load balancers and start-up scripts. */
async function loaderHandler() {
  const health = await databaseHealth();
  return json(health, {
    status: health.ok ? 200 : 503,
    headers: health.ok ? { 'Cache-Control': 'no-store' } : unavailableHeaders(),
  });
}

export const loader = apiRoute(loaderHandler);
