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
 * pino's redact paths: each key at the top level and one level down (`*.key`), and the request headers that carry
 * credentials.
 */
export const REDACT_PATHS = [
  ...[...SECRET_KEYS, ...EMAIL_KEYS].flatMap((key) => [key, `*.${key}`]),
  'headers.cookie',
  'headers["set-cookie"]',
  'headers.authorization',
  'headers["pantry-subscription-key"]',
  '*.headers.cookie',
  '*.headers.authorization',
];

const EMAIL_KEY_SET = new Set(EMAIL_KEYS);

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
