import type { ActionFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { apiJson, readJsonBody } from '~/modules/http/api.server';
import { passkeySignInOptions } from '~/modules/passkeys/passkey-sign-in.server';
import { relyingPartyFor } from '~/modules/passkeys/relying-party.server';

/** POST: a fresh, single-use challenge for signing in with a passkey on this banner host. */
export async function action({ request }: ActionFunctionArgs) {
  await readJsonBody(request, z.object({}).passthrough());
  return apiJson(await passkeySignInOptions(relyingPartyFor(request)));
}
