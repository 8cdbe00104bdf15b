/**
 * What a log line may never hold (decision 0110): secrets are replaced whole, an email address keeps its first
 * letter and its domain (`j***@pantry.test`), so a line still tells which shop's customer without naming them.
 */
export const REDACTED = '[redacted]';

/** Field names whose value is a secret, wherever in a line's top two levels they appear. */
const SECRET_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'accessToken',
  'idToken',
  'refreshToken',
  'sessionToken',
  'access_token',
  'id_token',
  'refresh_token',
  'authorization',
  'cookies',
  'setCookie',
  'passCode',
  'passcode',
  'oneTimeCode',
  'otp',
  'secret',
  'subscriptionKey',
];

/** Field names whose value is an email address (or a username that is one). */
const EMAIL_KEYS = ['email', 'username', 'login', 'to'];

/**
 * pino's redact paths: each key at the top level, and the request headers that carry credentials. One level down
 * is `redactNested`'s: pino's `*.key` wildcards cost ~25 µs a line, ten times the line itself.
 */
export const REDACT_PATHS = [
  ...SECRET_KEYS,
  ...EMAIL_KEYS,
  'headers.cookie',
  'headers["set-cookie"]',
  'headers.authorization',
  'headers["pantry-subscription-key"]',
];

const EMAIL_KEY_SET = new Set(EMAIL_KEYS);
const HIDDEN_KEY_SET = new Set([...SECRET_KEYS, ...EMAIL_KEYS, 'cookie']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/**
 * The fields with each plain object among them (one level down) cleaned the same way: secrets replaced, emails
 * masked, a nested `cookie` (a header's value) replaced. A line without nested objects is returned as it is.
 */
export function redactNested(fields: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const key in fields) {
    const value = fields[key];
    if (!isPlainObject(value)) continue;
    let inner: Record<string, unknown> | undefined;
    for (const innerKey in value) {
      if (!HIDDEN_KEY_SET.has(innerKey) || value[innerKey] === undefined) continue;
      inner ??= { ...value };
      inner[innerKey] = EMAIL_KEY_SET.has(innerKey) ? maskEmail(value[innerKey]) : REDACTED;
    }
    if (inner) (copy ??= { ...fields })[key] = inner;
  }
  return copy ?? fields;
}

/** `jane.doe@pantry.test` → `j***@pantry.test`; anything not an address is redacted whole. */
export function maskEmail(value: unknown): string {
  if (typeof value !== 'string') return REDACTED;
  const at = value.lastIndexOf('@');
  if (at < 1) return REDACTED;
  return `${value[0]}***${value.slice(at)}`;
}

const EMAIL_IN_TEXT = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/g;

/** Every email address in free text (a message, an error) masked the same way. */
export function maskEmailsIn(text: string): string {
  return text.includes('@') ? text.replace(EMAIL_IN_TEXT, '$1***@$2') : text;
}

/** pino's censor: an email field is masked, any other redacted path is replaced whole. */
export function censor(value: unknown, path: string[]): unknown {
  const key = path[path.length - 1] ?? '';
  if (value === undefined) return undefined;
  return EMAIL_KEY_SET.has(key) ? maskEmail(value) : REDACTED;
}
