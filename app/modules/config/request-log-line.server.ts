import { infoLineSink, log, logLine, withRequestRecord } from './logger.server';
import { REDACT_PATHS } from './log-redaction';

/**
 * The request line (decision 0110), written without pino on the hot path (decision 0122): pino's serialisation, its
 * mixin's merge and its redaction check cost a signed-in page more than the rest of its telemetry together. The
 * line is byte for byte the one pino writes for `log.info('request', fields)` under the request's record: the same
 * fields in the same order (level, message, the event's fields, the record's fields, time), strings escaped by
 * pino's rules. Anything whose handling is pino's business (a field pino redacts or serialises, a value that is not
 * a string, number, boolean or null, a key that needs escaping) sends the whole line through pino instead.
 */
export interface RequestLineFields {
  method: string | undefined;
  route: string;
  status: number;
  durationMs: number;
  banner: string;
  site: string;
  aborted?: true;
}

/** Top-level keys pino treats specially: redacted (or with redacted children), serialised, or its own. */
const PINO_KEYS = new Set([
  ...REDACT_PATHS.map((path) => path.split(/[.[]/)[0]!),
  'err',
  'error',
  'cause',
  'level',
  'message',
  'time',
]);
const PLAIN_KEY = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const keyChecked = new Map<string, boolean>();

function plainKey(key: string): boolean {
  let plain = keyChecked.get(key);
  if (plain === undefined) {
    plain = PLAIN_KEY.test(key) && !PINO_KEYS.has(key);
    if (keyChecked.size < 1_000) keyChecked.set(key, plain);
  }
  return plain;
}

/** pino's string escaping (its `asString`): `"` and `\` escaped by hand, JSON.stringify when long or with a control. */
function asString(text: string): string {
  const length = text.length;
  if (length > 100) return JSON.stringify(text);
  let result = '';
  let last = 0;
  let found = false;
  let point = 255;
  for (let i = 0; i < length && point >= 32; i++) {
    point = text.charCodeAt(i);
    if (point === 34 || point === 92) {
      result += text.slice(last, i) + '\\';
      last = i;
      found = true;
    }
  }
  if (!found) result = text;
  else result += text.slice(last);
  return point < 32 ? JSON.stringify(text) : `"${result}"`;
}

/** A value as pino writes it; undefined when pino leaves the field out, null when the line must be pino's. */
function encoded(value: unknown): string | undefined | null {
  switch (typeof value) {
    case 'string':
      return asString(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'undefined':
    case 'function':
      return undefined;
    default:
      return value === null ? 'null' : null;
  }
}

let lastSecond = Number.NaN;
let secondPrefix = '';
const MILLISECONDS = Array.from({ length: 1000 }, (_, ms) => `${String(ms).padStart(3, '0')}Z`);
/**
 * The line's `time`, as the mixin writes it (`new Date().toISOString()`): a Date and its ISO text once per second,
 * the milliseconds from a table (at a few thousand requests a second, each request has a millisecond of its own).
 */
function isoNow(): string {
  const now = Date.now();
  const second = Math.floor(now / 1000);
  if (second !== lastSecond) {
    lastSecond = second;
    secondPrefix = new Date(second * 1000).toISOString().slice(0, 20);
  }
  return secondPrefix + MILLISECONDS[now - second * 1000]!;
}

const EVENT_KEYS = ['method', 'route', 'status', 'durationMs', 'banner', 'site', 'aborted'] as const;
const hasOwn = Object.prototype.hasOwnProperty;

/**
 * The line written without pino, or null when it must be pino's. The record's fields are merged as the logger's
 * mixin merges them (Object.assign onto the event's fields: a field in both keeps the event's place and takes the
 * record's value).
 */
export function fastRequestLine(record: Record<string, unknown>, fields: RequestLineFields): string | null {
  let line = '{"level":"info","message":"request"';
  for (const key of EVENT_KEYS) {
    if (!hasOwn.call(fields, key)) continue;
    const value = encoded(hasOwn.call(record, key) ? record[key] : fields[key]);
    if (value === null) return null;
    if (value !== undefined) line += `,"${key}":${value}`;
  }
  for (const key in record) {
    if (!hasOwn.call(record, key) || hasOwn.call(fields, key)) continue;
    if (!plainKey(key)) return null;
    const value = encoded(record[key]);
    if (value === null) return null;
    if (value !== undefined) line += `,"${key}":${value}`;
  }
  return `${line},"time":"${isoNow()}"}\n`;
}

/** The whole request line as it is written, from pino when the fast path declines. */
export function requestLineText(record: Record<string, unknown>, fields: RequestLineFields): string {
  return (
    fastRequestLine(record, fields) ?? `${withRequestRecord(record, () => logLine('info', 'request', { ...fields }))}\n`
  );
}

/** Writes a request's line (at info, to stdout's batches). */
export function logRequest(record: Record<string, unknown>, fields: RequestLineFields): void {
  const sink = infoLineSink();
  if (sink) sink.write(requestLineText(record, fields));
  else withRequestRecord(record, () => log.info('request', { ...fields }));
}
