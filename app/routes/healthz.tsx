import { json } from '@remix-run/node';
import { databaseHealth } from '~/modules/http/health.server';

/** Liveness and database reachability for load balancers and start-up scripts. */
export async function loader() {
  const health = await databaseHealth();
  return json(health, { status: health.ok ? 200 : 503, headers: { 'Cache-Control': 'no-store' } });
}
