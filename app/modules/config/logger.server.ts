import { AsyncLocalStorage } from 'node:async_hooks';
import { appEnv } from './env.server';

/**
 * Fields every log line of one request carries (the service call's correlation id, decision 0085). One store per
 * process: the compiled server and the app build each bundle this module, and both must see the same fields.
 */
const STORE_KEY = Symbol.for('pantry.logFields');
const holder = globalThis as typeof globalThis & { [STORE_KEY]?: AsyncLocalStorage<Record<string, unknown>> };
const requestFields = (holder[STORE_KEY] ??= new AsyncLocalStorage<Record<string, unknown>>());

/** Runs `work` with these fields added to each line it (and whatever it awaits) logs. */
export function withLogFields<T>(fields: Record<string, unknown>, work: () => T): T {
  return requestFields.run({ ...requestFields.getStore(), ...fields }, work);
}

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = Exclude<keyof typeof LEVELS, 'silent'>;

/** The fields the current request adds to its log lines (none outside one). */
export function currentLogFields(): Record<string, unknown> {
  return requestFields.getStore() ?? {};
}

/** One JSON line per event, so logs stay greppable and machine-readable. */
export function logLine(level: Level, message: string, fields?: Record<string, unknown>): string {
  // The request's fields come last, so each event's own fields keep their place after the message.
  return JSON.stringify({ time: new Date().toISOString(), level, message, ...fields, ...currentLogFields() });
}

function write(level: Level, message: string, fields?: Record<string, unknown>) {
  if (LEVELS[level] < LEVELS[appEnv().LOG_LEVEL]) return;
  const line = logLine(level, message, fields);
  if (level === 'error' || level === 'warn') console.error(line);
  else console.log(line);
}

export const log = {
  debug: (message: string, fields?: Record<string, unknown>) => write('debug', message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write('info', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write('warn', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write('error', message, fields),
};
