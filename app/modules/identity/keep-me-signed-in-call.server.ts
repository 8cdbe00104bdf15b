import { json } from '@remix-run/node';
import { z } from 'zod';
import { loadShopper } from '~/modules/access/shopper.server';
import { apiError, methodNotAllowed, readJsonBody, withHeaders } from '~/modules/http/api.server';
import { changeKeepMeSignedIn } from './keep-me-signed-in.server';

/** The calls take no fields; an empty JSON object keeps them same-origin JSON calls like every other change. */
const Body = z.object({}).strict();

/** POST /api/session/kmsi and /api/session/nonkmsi (spec section 7, customer-session service). */
export async function keepMeSignedInCall(request: Request, keep: boolean) {
  if (request.method !== 'POST') return methodNotAllowed('POST');
  const shopper = await loadShopper(request);
  await readJsonBody(request, Body);
  const change = await changeKeepMeSignedIn(shopper, keep);
  if (!change.ok) throw apiError(change.status, change.code, change.message);
  const headers = withHeaders(shopper.headers, { 'Cache-Control': 'no-store' });
  headers.append('Set-Cookie', change.setCookie);
  return json({ keepMeSignedIn: change.keepMeSignedIn }, { headers });
}
