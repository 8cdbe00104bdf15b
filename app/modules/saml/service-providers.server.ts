import { z } from 'zod';
import { redirectPolicy } from '~/modules/access/redirect-policy.server';
import { isTrustedOrigin } from '~/modules/access/safe-redirect';
import { log } from '~/modules/config/logger.server';

/**
 * The company's other sites that may ask Pantry to sign a shopper in with SAML (decision 0096): each names its
 * entity id (the Issuer of its AuthnRequest, the Audience of our assertion), the one Assertion Consumer Service URL
 * our response is posted to, and the name the sign-in page shows.
 */
export interface ServiceProvider {
  entityId: string;
  acs: string;
  name: string;
}

const ProviderSchema = z.object({
  entityId: z.string().trim().min(1).max(500),
  acs: z.string().trim().url().max(500),
  name: z.string().trim().min(1).max(80),
});
const ProvidersSchema = z.array(ProviderSchema).max(50);

/**
 * SAML_SERVICE_PROVIDERS: a JSON array of `{ "entityId", "acs", "name" }`; unset or empty means none. A value
 * that is not such a list throws with the reason: a misconfigured provider is a startup mistake, not a shopper's.
 */
export function parseServiceProviders(value: string | undefined): ServiceProvider[] {
  if (!value || !value.trim()) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(value);
  } catch {
    throw new Error('SAML_SERVICE_PROVIDERS is a JSON array of {"entityId","acs","name"}');
  }
  const parsed = ProvidersSchema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(
      `SAML_SERVICE_PROVIDERS: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
    );
  }
  return parsed.data.map((provider) => ({ ...provider, acs: new URL(provider.acs).toString() }));
}

let memo: { raw: string | undefined; providers: ServiceProvider[] } | undefined;

/** The configured providers (read again only when the variable changes: tests set it late). */
export function serviceProviders(): ServiceProvider[] {
  const raw = process.env.SAML_SERVICE_PROVIDERS;
  if (memo?.raw !== raw || !memo) memo = { raw, providers: parseServiceProviders(raw) };
  return memo.providers;
}

/**
 * The provider an AuthnRequest's Issuer names, when it is configured and its ACS is on the trusted origins the
 * storefront redirects to (TRUSTED_DOMAINS): a provider listed without its origin trusted is refused, with a warning.
 */
export function findServiceProvider(entityId: string, providers = serviceProviders()): ServiceProvider | null {
  const provider = providers.find((candidate) => candidate.entityId === entityId);
  if (!provider) return null;
  if (!isTrustedOrigin(new URL(provider.acs), redirectPolicy().trustedOrigins)) {
    log.warn('saml service provider refused', { entityId, reason: 'ACS origin not in TRUSTED_DOMAINS' });
    return null;
  }
  return provider;
}

/** The page that answers a pending request: its form posts to a provider's ACS. */
export const SAML_CONTINUE_PATH = '/account/saml/continue';

/**
 * The ACS origins of the configured providers, for the answering page's CSP form-action (no other page may post
 * there). Configuration that cannot be read allows nothing more.
 */
export function samlFormActionOrigins(request: Request): string[] {
  if (new URL(request.url).pathname !== SAML_CONTINUE_PATH) return [];
  try {
    return [...new Set(serviceProviders().map((provider) => new URL(provider.acs).origin))];
  } catch {
    return [];
  }
}
