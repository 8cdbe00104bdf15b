import { ENVIRONMENTS, type Environment } from '~/modules/banners/hosts';
import { EnvSchema } from './env.server';
import { developmentPagesAllowed, environmentOf } from './environment.server';

/**
 * The configuration a process refuses to start with (decision 0110): any variable the schema does not allow, and,
 * in production — a production build (NODE_ENV=production) serving anything but local hosts (APP_ENV other than
 * local-origin) — a missing or short cookie secret, cookies without Secure, a plain-http trusted origin, or the
 * development pages. Every problem is one line; the caller prints them all and exits.
 */
const MIN_SECRET_BYTES = 32;

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

export function configurationProblems(variables: Record<string, string | undefined>): string[] {
  const parsed = EnvSchema.safeParse(variables);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.') || 'configuration'}: ${issue.message}`);
  // The production rules read the variables as given, so a start lists these too when another value is wrong.
  const configured = parsed.success ? parsed.data.APP_ENV : undefined;
  const environment = environmentOf(configured ?? environmentNamed(variables.APP_ENV), variables.NODE_ENV);
  if (variables.NODE_ENV !== 'production' || environment === 'local-origin') return problems;

  const secrets = list(variables.SESSION_SECRET);
  if (secrets.length === 0)
    problems.push(
      'SESSION_SECRET is missing: production signs cookies with a secret it is given, never a generated one.',
    );
  secrets.forEach((secret, index) => {
    const bytes = Buffer.byteLength(secret);
    if (bytes < MIN_SECRET_BYTES)
      problems.push(
        `SESSION_SECRET entry ${index + 1} is ${bytes} bytes: each secret needs at least ${MIN_SECRET_BYTES}.`,
      );
  });
  if (variables.COOKIE_SECURE === 'false')
    problems.push('COOKIE_SECURE=false: production cookies are sent over HTTPS only (leave it unset or true).');
  for (const origin of list(variables.TRUSTED_DOMAINS))
    if (/^http:/i.test(origin))
      problems.push(`TRUSTED_DOMAINS lists ${origin}: production redirects go to https: origins only.`);
  if (developmentPagesAllowed(environment))
    problems.push(
      `APP_ENV=${environment} opens the /dev pages (live one-time codes): a production build runs as stage, beta or prod.`,
    );
  return problems;
}

function environmentNamed(value: string | undefined): Environment | undefined {
  return (ENVIRONMENTS as readonly string[]).includes(value ?? '') ? (value as Environment) : undefined;
}

/** Prints every problem, one line each, and stops the process; nothing when the configuration is allowed. */
export function refuseWrongConfiguration(processName: string, variables = process.env): void {
  const problems = configurationProblems(variables);
  if (problems.length === 0) return;
  for (const problem of problems) console.error(`[pantry] ${processName} not started: ${problem}`);
  process.exit(1);
}
