import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { appEnv } from './env.server';
import { censor, maskEmailsIn, REDACT_PATHS, redactNested } from './log-redaction';
import { batchedLines, type LineSink } from './stdout-lines.server';

/**
 * Fields every log line of one request carries (its request id, and an API call's correlation id, decisions 0085
 * and 0110). One store per process: the compiled server and the app build each bundle this module, and both must
 * see the same fields.
 */
const STORE_KEY = Symbol.for('pantry.logFields');
const holder = globalThis as typeof globalThis & { [STORE_KEY]?: AsyncLocalStorage<Record<string, unknown>> };
const requestFields = (holder[STORE_KEY] ??= new AsyncLocalStorage<Record<string, unknown>>());

/** The record of the request a store belongs to: fields added later (the shopper's type) reach its request line. */
const ROOT = Symbol('pantry.requestFields');
type Fields = Record<string, unknown> & { [ROOT]?: Record<string, unknown> };

/** Runs `work` with these fields added to each line it (and whatever it awaits) logs. */
export function withLogFields<T>(fields: Record<string, unknown>, work: () => T): T {
  const parent = requestFields.getStore() as Fields | undefined;
  const next: Fields = { ...parent, ...fields };
  // Not enumerable, and a symbol: never written on a line.
  Object.defineProperty(next, ROOT, { value: parent?.[ROOT] ?? next, enumerable: false });
  return requestFields.run(next, work);
}

/**
 * Runs one request's `work` with `record` as its log fields, and returns nothing of it: the caller keeps `record`,
 * which the request's code may add to (addLogFields) until its request line is written.
 */
export function withRequestRecord<T>(record: Record<string, unknown>, work: () => T): T {
  Object.defineProperty(record, ROOT, { value: record, enumerable: false });
  return requestFields.run(record, work);
}

/** Adds fields to the lines the current request logs from here on, and to its request line. */
export function addLogFields(fields: Record<string, unknown>): void {
  const store = requestFields.getStore() as Fields | undefined;
  if (!store) return;
  Object.assign(store, fields);
  const root = store[ROOT];
  if (root && root !== store) Object.assign(root, fields);
}

type Level = 'debug' | 'info' | 'warn' | 'error';

/** The fields the current request adds to its log lines (none outside one). */
export function currentLogFields(): Record<string, unknown> {
  return requestFields.getStore() ?? {};
}

/** The id of the request being served, when there is one. */
export function currentRequestId(): string | undefined {
  const id = requestFields.getStore()?.requestId;
  return typeof id === 'string' ? id : undefined;
}

/** An error and the errors that caused it, as plain fields (messages with their email addresses masked). */
export function describeError(error: unknown, depth = 0): Record<string, unknown> | string {
  if (!(error instanceof Error)) return maskEmailsIn(String(error));
  const described: Record<string, unknown> = { type: error.name, message: maskEmailsIn(error.message) };
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') described.code = code;
  if (error.stack) described.stack = maskEmailsIn(error.stack);
  if (error.cause !== undefined && depth < 5) described.cause = describeError(error.cause, depth + 1);
  return described;
}

const errorSerializer = (value: unknown) => describeError(value);

const NO_FIELDS: Record<string, unknown> = Object.freeze({});

function options(level: string): LoggerOptions {
  return {
    level,
    messageKey: 'message',
    base: undefined,
    // Lines read `{"level":…,"message":…,<fields>,<the request's fields>,"time":…}`: the level and message lead, as
    // they did before pino, so a grep for `"level":"warn","message":"request refused"` still finds them.
    timestamp: false,
    formatters: { level: (label) => ({ level: label }) },
    // The request's fields go straight onto the line's own object (made fresh by `write`), not through a copy.
    mixin: () => requestFields.getStore() ?? NO_FIELDS,
    mixinMergeStrategy: (own, mixed) => {
      Object.assign(own, mixed);
      (own as Record<string, unknown>).time = new Date().toISOString();
      return own;
    },
    redact: { paths: REDACT_PATHS, censor },
    serializers: { err: errorSerializer, error: errorSerializer, cause: errorSerializer },
  };
}

function prettyStream(fd: 1 | 2): DestinationStream {
  // Loaded only outside production, so a production install may leave pino-pretty out.
  const pretty = createRequire(import.meta.url)('pino-pretty') as (
    options: Record<string, unknown>,
  ) => DestinationStream;
  return pretty({ destination: fd, sync: true, messageKey: 'message', translateTime: 'HH:MM:ss.l', singleLine: true });
}

/**
 * stdout (a request line for every request) is gathered and written in batches of about 16 KB, or 200 ms after the
 * first line of a batch, and at exit (decision 0122): a write per line, and pino's asynchronous destination after
 * it, were a large part of what logging cost a page. Warnings and errors (stderr) stay written at once, so a
 * crash's last words are never held back.
 */
function stdoutStream(sink: LineSink): DestinationStream {
  return { write: (line: string) => sink.write(line) };
}

interface Loggers {
  out: Logger;
  err: Logger;
  /** Where JSON info lines go when written without pino; null when they are pretty-printed or info is off. */
  infoSink: LineSink | null;
}

const LOGGERS_KEY = Symbol.for('pantry.loggers');
const loggerHolder = globalThis as typeof globalThis & { [LOGGERS_KEY]?: Loggers };

/**
 * Two loggers with one configuration: debug and info to stdout, warnings and errors to stderr (as before, so a
 * supervisor that splits the streams keeps doing so). Pretty-printed lines outside production only.
 */
function loggers(): Loggers {
  const existing = loggerHolder[LOGGERS_KEY];
  if (existing) return existing;
  const level = appEnv().LOG_LEVEL;
  const pretty = (appEnv().LOG_FORMAT ?? (process.env.NODE_ENV === 'production' ? 'json' : 'pretty')) === 'pretty';
  let created: Loggers;
  if (pretty) {
    created = {
      out: pino(options(level), prettyStream(1)),
      err: pino(options(level), prettyStream(2)),
      infoSink: null,
    };
  } else {
    const sink = batchedLines(1);
    const out = pino(options(level), stdoutStream(sink));
    created = {
      out,
      err: pino(options(level), pino.destination({ dest: 2, sync: true })),
      infoSink: out.isLevelEnabled('info') ? sink : null,
    };
  }
  loggerHolder[LOGGERS_KEY] = created;
  return created;
}

let captured = '';
const capture: DestinationStream = {
  write(line: string) {
    captured = line;
  },
};
let lineLogger: Logger | undefined;

/** The JSON line an event is written as (redacted, with the request's fields), without writing it. */
export function logLine(level: Level, message: string, fields?: Record<string, unknown>): string {
  lineLogger ??= pino(options('debug'), capture);
  captured = '';
  lineLogger[level]({ message: maskEmailsIn(message), ...(fields && redactNested(fields)) });
  return captured.trimEnd();
}

function write(level: Level, message: string, fields?: Record<string, unknown>) {
  const { out, err } = loggers();
  const target = level === 'error' || level === 'warn' ? err : out;
  if (!target.isLevelEnabled(level)) return;
  target[level]({ message: maskEmailsIn(message), ...(fields && redactNested(fields)) });
}

/**
 * Where an info line written without pino goes (server/request-log.ts's request line, byte for byte pino's): the
 * same batches as every other stdout line. Null when info is off or lines are pretty-printed: then log through pino.
 */
export function infoLineSink(): LineSink | null {
  return loggers().infoSink;
}

export const log = {
  debug: (message: string, fields?: Record<string, unknown>) => write('debug', message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write('info', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write('warn', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write('error', message, fields),
};
