import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { ENVIRONMENTS } from '~/modules/banners/hosts';

const commaList = z
  .string()
  .optional()
  .transform((value) =>
    value === undefined
      ? undefined
      : value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
  );

const optionalPort = z
  .string()
  .optional()
  .transform((value) => (value ? value : undefined))
  .pipe(z.coerce.number().int().min(0).max(65_535).optional());

/** What each process reads through appEnv(): parsed on first use. */
const AppSchema = z.object({
  PORT: z.coerce.number().int().positive().default(3000),
  IDP_PORT: z.coerce.number().int().positive().default(3001),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((value) => value || undefined),
  DB_POOL_MAX: z.coerce.number().int().positive().default(10),
  SESSION_SECRET: commaList,
  /** "true"/"false"; unset means Secure everywhere except plain-http local hosts. */
  COOKIE_SECURE: z.enum(['true', 'false']).optional(),
  /** Origins an absolute redirect may go to (`https://shop.pantry.example`); each must be an http(s) origin. */
  TRUSTED_DOMAINS: commaList.refine(
    (entries) => entries === undefined || entries.every((entry) => /^https?:\/\/[^/@]+$/i.test(entry)),
    'TRUSTED_DOMAINS lists origins with their scheme (and port when not the default), e.g. https://shop.pantry.example',
  ),
  MARKETING_PARAMS: commaList,
  DEFAULT_REDIRECT_URL: z.string().default('/'),
  /** The environment (local-origin, dev1-3, qa1-3, stage, beta, prod); see environment.server.ts. */
  APP_ENV: z
    .enum(ENVIRONMENTS)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** JSON lines (production's default) or pino-pretty's coloured lines (the default elsewhere). */
  LOG_FORMAT: z
    .enum(['json', 'pretty'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** `off`: no metrics are recorded and no listener starts (the bench's measure of what they cost). */
  METRICS: z.enum(['on', 'off']).default('on'),
  /** The metrics listener's port (decision 0111); unset: no metrics listener. The cluster adds each process's index. */
  METRICS_PORT: optionalPort,
  /** The address the metrics listener binds: loopback unless a scraper elsewhere must reach it. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** The identity provider's metrics listener port; unset: none. */
  IDP_METRICS_PORT: optionalPort,
  /** On SIGTERM, how long /readyz answers 503 while the process still serves, before it stops listening. */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** Sign-in attempts one client may make per 15 minutes (the end-to-end suite, one client, raises it). */
  SIGNIN_CLIENT_LIMIT: z.coerce.number().int().positive().default(100),
  /** Sign-ups one client may make per hour (the end-to-end suite, one client, raises it). */
  SIGNUP_CLIENT_LIMIT: z.coerce.number().int().positive().default(20),
  /** Proxy addresses whose X-Forwarded-For is believed (the cluster's load balancer); none by default. */
  TRUSTED_PROXIES: commaList,
  /**
   * The service subscription keys the factor and preload calls must carry (comma list, newest first: the first is
   * the one pages send, every one listed is accepted while a key is rotated). Unset: generated into data/ locally.
   */
  SUBSCRIPTION_KEY: commaList,
  /**
   * The company's other sites that may embed the syndicated header (frame it, or fetch it with credentials):
   * origins with their scheme and port (decision 0087). Unset: the banners' own hosts, and, when the storefront is
   * served on localhost (a developer's machine), any port of localhost.
   */
  SYNDICATION_ORIGINS: commaList.refine(
    (entries) => entries === undefined || entries.every((entry) => /^https?:\/\/[^/@*]+$/i.test(entry)),
    'SYNDICATION_ORIGINS lists origins with their scheme (and port when not the default), e.g. https://recipes.pantry.example',
  ),
  /**
   * The Domain of the syndicated user cookie, so the company's sibling sites read it (`.pantry.example`).
   * Unset: the storefront's own host only (on localhost every port shares it).
   */
  SYNDICATION_COOKIE_DOMAIN: z
    .string()
    .regex(/^\.?[a-z0-9-]+(\.[a-z0-9-]+)+$/i, 'SYNDICATION_COOKIE_DOMAIN is a domain, e.g. .pantry.example')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export type AppEnv = z.infer<typeof AppSchema>;

let cached: AppEnv | undefined;

export function appEnv(): AppEnv {
  cached ??= parseAppEnv(process.env);
  return cached;
}

/** The configuration in these variables; throws on a value that is not allowed. */
export function parseAppEnv(variables: Record<string, string | undefined>): AppEnv {
  return AppSchema.parse(variables);
}

export function dataDir(): string {
  return path.resolve(appEnv().DATA_DIR);
}

let secretsCache: string[] | undefined;

/**
 * Cookie signing secrets, newest first. Production passes SESSION_SECRET (comma list for rotation);
 * a local install generates one on first start into the git-ignored data folder.
 */
export function cookieSecrets(): string[] {
  if (secretsCache) return secretsCache;
  const fromEnv = appEnv().SESSION_SECRET;
  if (fromEnv && fromEnv.length > 0) {
    secretsCache = fromEnv;
    return secretsCache;
  }
  secretsCache = [ensureLocalSecret('session-secret')];
  return secretsCache;
}

let subscriptionKeysCache: string[] | undefined;

/**
 * The service subscription keys, newest first (docs/decisions/0085). Production passes SUBSCRIPTION_KEY; a local
 * install generates one on first start into the git-ignored data folder, as it does the cookie secret.
 */
export function subscriptionKeys(): string[] {
  if (subscriptionKeysCache) return subscriptionKeysCache;
  const fromEnv = appEnv().SUBSCRIPTION_KEY;
  subscriptionKeysCache = fromEnv && fromEnv.length > 0 ? fromEnv : [ensureLocalSecret('subscription-key')];
  return subscriptionKeysCache;
}

export function ensureLocalSecret(name: string): string {
  const dir = dataDir();
  const file = path.join(dir, 'secrets.json');
  mkdirSync(dir, { recursive: true });
  const secrets: Record<string, string> = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>)
    : {};
  const existing = secrets[name];
  if (existing) return existing;
  const created = randomBytes(32).toString('base64url');
  secrets[name] = created;
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return created;
}

export const DEFAULT_MARKETING_PARAMS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'cmpid',
];

export function marketingParams(): string[] {
  return appEnv().MARKETING_PARAMS ?? DEFAULT_MARKETING_PARAMS;
}

/** The configured origins an absolute redirect may go to; undefined means the storefront's own hosts. */
export function trustedOrigins(): string[] | undefined {
  return appEnv().TRUSTED_DOMAINS;
}

const IdentitySchema = z.object({
  IDP_ISSUER: z.string().url().optional(),
  IDP_CLIENT_ID: z.string().default('pantry-storefront'),
});

let identityMemo: { key: string; issuer: string; clientId: string } | undefined;

/** Where the identity provider lives; its issuer is also the token's `iss`. */
export function identityConfig(): { issuer: string; clientId: string } {
  // Asked several times per request: parsed again only when the variables change (tests set them late).
  const key = JSON.stringify([process.env.IDP_ISSUER, process.env.IDP_CLIENT_ID]);
  if (identityMemo?.key !== key) {
    const parsed = IdentitySchema.parse(process.env);
    identityMemo = {
      key,
      issuer: parsed.IDP_ISSUER ?? `http://localhost:${appEnv().IDP_PORT}`,
      clientId: parsed.IDP_CLIENT_ID,
    };
  }
  return { issuer: identityMemo.issuer, clientId: identityMemo.clientId };
}

const MailSchema = z.object({
  /** smtp://[user:pass@]host:port (STARTTLS when the server offers it) or smtps:// (TLS from the start). */
  SMTP_URL: z
    .string()
    .optional()
    .transform((value) => value || undefined)
    .refine(
      (value) => value === undefined || isSmtpUrl(value),
      'SMTP_URL is smtp://host:port or smtps://host:port (user:password@ before the host when the server asks)',
    ),
  MAIL_FROM: z
    .string()
    .default('no-reply@pantry.localhost')
    .refine(
      (value) => /^[^\s<>@]+@[^\s<>@]+$/.test(value),
      'MAIL_FROM is an email address, e.g. no-reply@pantry.example',
    ),
  /** Tries before a message is dead (docs/decisions/0078). */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  /** The first retry's wait; each later one doubles, up to MAIL_RETRY_MAX_MS. */
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(1).default(30_000),
  MAIL_RETRY_MAX_MS: z.coerce.number().int().min(1).default(3_600_000),
  /** How long a claim holds a message; a send is given up (timeouts) well inside it. */
  MAIL_LEASE_MS: z.coerce.number().int().min(100).default(120_000),
  MAIL_POLL_MS: z.coerce.number().int().min(10).default(5_000),
});

export type MailConfig = z.infer<typeof MailSchema>;

let mailMemo: { key: string; config: MailConfig } | undefined;

/** The mail settings; parsed again when the variables change (tests start their SMTP server late). */
export function mailConfig(): MailConfig {
  const key = JSON.stringify(Object.keys(MailSchema.shape).map((name) => process.env[name]));
  if (mailMemo?.key !== key) mailMemo = { key, config: parseMailConfig(process.env) };
  return mailMemo.config;
}

/** The mail settings in these variables; throws on a value that is not allowed. */
export function parseMailConfig(variables: Record<string, string | undefined>): MailConfig {
  return MailSchema.parse(variables);
}

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const optionalText = z
  .string()
  .optional()
  .transform((value) => value || undefined);
const optionalCount = z
  .string()
  .optional()
  .transform((value) => (value ? value : undefined))
  .pipe(z.coerce.number().int().min(0).optional());

/** Read where they are used (the server, the provider, the seed, SAML, the assistant client): validated here too. */
const ProcessSchema = z.object({
  /** The storefront's listen address; unset: every interface. */
  HOST: optionalText,
  PAGE_CACHE_TTL_MS: optionalCount,
  PRIVATE_PAGE_CACHE_TTL_MS: optionalCount,
  HEADERS_TIMEOUT_MS: optionalCount,
  REQUEST_TIMEOUT_MS: optionalCount,
  CLIENT_CONNECTION_LIMIT: optionalCount,
  SEED_PRODUCTS: optionalCount,
  PASSWORD_HASH_COST: z
    .enum(['test'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The identity provider's: the storefront port and extra origins it sends shoppers back to. */
  STOREFRONT_PORT: optionalPort,
  STOREFRONT_ORIGINS: commaList,
  IDP_JWKS: optionalText,
  IDP_COOKIE_KEYS: optionalText,
  SAML_ENTITY_ID: optionalText,
  SAML_SERVICE_PROVIDERS: optionalText,
  SAML_SIGNING_KEY: optionalText,
  SAML_SIGNING_CERT: optionalText,
  ASSISTANT_CLIENT_SECRET: optionalText,
  ASSISTANT_REDIRECT_URIS: commaList,
  EXCLUDED_STORE_IDS: commaList,
});

/**
 * Every variable the storefront and the identity provider read, in one schema (decision 0110): the start-up check
 * validates all of them, and the README's configuration table lists exactly these keys (a unit test holds that).
 */
export const EnvSchema = AppSchema.merge(IdentitySchema).merge(MailSchema).merge(ProcessSchema);
export type FullEnv = z.infer<typeof EnvSchema>;
