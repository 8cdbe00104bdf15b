import { EnvSchema } from './env.server';
import { developmentPagesAllowed, environmentOf } from './environment.server';

/**
 * The configuration a process refuses to start with (decision 0110): any variable the schema does not allow, and,
 * in production — a production build (NODE_ENV=production) serving anything but local hosts (APP_ENV other than
 * local-origin) — a missing or short cookie secret, cookies without Secure, a plain-http trusted origin, or the
 * development pages. Every problem is one line; the caller prints them all and exits.
 */
const MIN_SECRET_BYTES = 32;

export function configurationProblems(variables: Record<string, string | undefined>): string[] {
  const parsed = EnvSchema.safeParse(variables);
  if (!parsed.success) {
    return parsed.error.issues.map((issue) => {
      const name = issue.path.join('.') || 'configuration';
      return `${name}: ${issue.message}`;
    });
  }
  const env = parsed.data;
  const environment = environmentOf(env.APP_ENV, variables.NODE_ENV);
  if (variables.NODE_ENV !== 'production' || environment === 'local-origin') return [];

  const problems: string[] = [];
  if (!env.SESSION_SECRET?.length) {
    problems.push(
      'SESSION_SECRET is missing: production signs cookies with a secret it is given, never a generated one.',
    );
  } else {
    env.SESSION_SECRET.forEach((secret, index) => {
      if (Buffer.byteLength(secret) < MIN_SECRET_BYTES)
        problems.push(
          `SESSION_SECRET entry ${index + 1} is ${Buffer.byteLength(secret)} bytes: each secret needs at least ${MIN_SECRET_BYTES}.`,
        );
    });
  }
  if (env.COOKIE_SECURE === 'false')
    problems.push('COOKIE_SECURE=false: production cookies are sent over HTTPS only (leave it unset or true).');
  for (const origin of env.TRUSTED_DOMAINS ?? [])
    if (/^http:/i.test(origin))
      problems.push(`TRUSTED_DOMAINS lists ${origin}: production redirects go to https: origins only.`);
  if (developmentPagesAllowed(environment))
    problems.push(
      `APP_ENV=${environment} opens the /dev pages (live one-time codes): a production build runs as stage, beta or prod.`,
    );
  return problems;
}

/** Prints every problem, one line each, and stops the process; nothing when the configuration is allowed. */
export function refuseWrongConfiguration(processName: string, variables = process.env): void {
  const problems = configurationProblems(variables);
  if (problems.length === 0) return;
  for (const problem of problems) console.error(`[pantry] ${processName} not started: ${problem}`);
  process.exit(1);
}
