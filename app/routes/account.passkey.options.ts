import type { ActionFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { loadShopper } from '~/modules/access/shopper.server';
import { clientKey } from '~/modules/http/client-key.server';
import { apiError, apiJson, readJsonBody } from '~/modules/http/api.server';
import { hitRateLimit, signInClientRule } from '~/modules/identity/rate-limit.server';
import { passkeySignInOptions } from '~/modules/passkeys/passkey-sign-in.server';
import { relyingPartyFor } from '~/modules/passkeys/relying-party.server';
import { apiRoute } from '~/modules/http/api.server';

/** POST: a fresh, single-use challenge for signing in with a passkey on this banner host. */
async function actionHandler({ request }: ActionFunctionArgs) {
  await readJsonBody(request, z.object({}).passthrough());
  // Each call stores a challenge: anonymous callers get the sign-in page's per-client allowance.
  const shopper = await loadShopper(request);
  const key = clientKey(request, shopper.session?.info.COMMON.deviceId);
  const allowed = await hitRateLimit(`passkey:options:${key}`, signInClientRule());
  if (!allowed.allowed) return apiError(429, 'LOCKED_OUT', 'Too many attempts. Please try again later.');
  return apiJson(await passkeySignInOptions(relyingPartyFor(request)));
}

export const action = apiRoute(actionHandler);
