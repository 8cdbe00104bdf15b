import { createHash } from 'node:crypto';
import { z } from 'zod';
import { BANNER_IDS, DEFAULT_BANNER } from '~/modules/banners/hosts';
import { appEnv, identityConfig } from '~/modules/config/env.server';
import { readSignedCookie, writeCookie, type CookieContext } from '~/modules/session/session-cookie.server';

/**
 * Assistant sign-in (a voice or chat assistant linking a shopper's account): it sends the shopper to
 * our sign-in page with client_id, redirect_uri, scope and state. Spec section 5: they are stored
 * only when all four are present; after sign-in the shopper continues to the identity provider's
 * authorize for that assistant, which returns a code to the assistant's registered redirect_uri.
 */
export const ASSISTANT_CLIENT_ID = 'pantry-assistant';
const ASSISTANT_TX_SECONDS = 15 * 60;

/** Registered redirect URIs: ASSISTANT_REDIRECT_URIS, or the local demo assistant page on every banner host. */
export function assistantRedirectUris(storefrontPort: string | number = appEnv().PORT): string[] {
  const configured = (process.env.ASSISTANT_REDIRECT_URIS ?? '')
    .split(',')
    .map((uri) => uri.trim())
    .filter(Boolean);
  if (configured.length > 0) return configured;
  return BANNER_IDS.map(
    (banner) =>
      `http://${banner === DEFAULT_BANNER ? 'localhost' : `${banner}.localhost`}:${storefrontPort}/dev/assistant`,
  );
}

/** The assistant's client secret: ASSISTANT_CLIENT_SECRET, or derived from the provider's cookie key locally. */
export function assistantClientSecret(providerCookieKey: string): string {
  return (
    process.env.ASSISTANT_CLIENT_SECRET ??
    createHash('sha256').update(`${providerCookieKey}:assistant-client`).digest('base64url')
  );
}

export const assistantParamsSchema = z.object({
  client_id: z.literal(ASSISTANT_CLIENT_ID),
  redirect_uri: z.string().url().max(500),
  scope: z
    .string()
    .max(200)
    .regex(/^[\w:.-]+( [\w:.-]+)*$/),
  state: z.string().min(1).max(500),
});
export type AssistantParams = z.infer<typeof assistantParamsSchema>;

/**
 * The assistant parameters of a sign-in URL: all four present, a known client, and a redirect_uri
 * on the registered list; otherwise null (nothing is stored).
 */
export function assistantParamsFrom(searchParams: URLSearchParams): AssistantParams | null {
  const names = ['client_id', 'redirect_uri', 'scope', 'state'] as const;
  if (!names.every((name) => searchParams.get(name))) return null;
  const parsed = assistantParamsSchema.safeParse(Object.fromEntries(names.map((n) => [n, searchParams.get(n)])));
  if (!parsed.success) return null;
  return assistantRedirectUris().includes(parsed.data.redirect_uri) ? parsed.data : null;
}

export function rememberAssistant(params: AssistantParams, context: CookieContext): Promise<string> {
  return writeCookie('assistant', params, context, { maxAgeSeconds: ASSISTANT_TX_SECONDS });
}

export async function readAssistant(request: Request, context: CookieContext): Promise<AssistantParams | null> {
  const read = await readSignedCookie(request, 'assistant', context.siteType, (value) => {
    const parsed = assistantParamsSchema.safeParse(value);
    return parsed.success && assistantRedirectUris().includes(parsed.data.redirect_uri) ? parsed.data : null;
  });
  return read.status === 'ok' ? read.value : null;
}

/**
 * Where the signed-in shopper goes next: the provider's authorize for the assistant, which asks the
 * shopper's consent before the assistant gets a code (decision 0066). OpenID Connect grants
 * offline_access only with prompt=consent, so a request for it asks each time.
 */
export function assistantAuthorizeUrl(params: AssistantParams): string {
  const url = new URL('/oauth2/v1/authorize', identityConfig().issuer);
  url.searchParams.set('client_id', params.client_id);
  url.searchParams.set('redirect_uri', params.redirect_uri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('response_mode', 'query');
  url.searchParams.set('scope', params.scope);
  url.searchParams.set('state', params.state);
  if (params.scope.split(' ').includes('offline_access')) url.searchParams.set('prompt', 'consent');
  return url.toString();
}
