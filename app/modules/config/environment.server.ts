import { type Environment } from '~/modules/banners/hosts';
import { appEnv } from './env.server';

/**
 * The environment this process runs in, from its configuration only (APP_ENV). A request's Host
 * header never chooses it: a host naming "qa1" must not open the development pages of a production
 * shop. Without APP_ENV a production build is prod (fail closed); anything else is a developer's
 * machine or a test run, local-origin.
 */
export function appEnvironment(): Environment {
  return environmentOf(appEnv().APP_ENV, process.env.NODE_ENV);
}

export function environmentOf(configured: Environment | undefined, nodeEnv: string | undefined): Environment {
  if (configured) return configured;
  return nodeEnv === 'production' ? 'prod' : 'local-origin';
}

const DEVELOPMENT_ENVIRONMENTS: readonly Environment[] = ['local-origin', 'dev1', 'dev2', 'dev3', 'qa1', 'qa2', 'qa3'];

/**
 * Development pages (the outbox with live one-time codes, the assistant test client) exist only where
 * no real customer signs in: a developer's machine and the dev and QA environments. Stage, beta and
 * prod hold real accounts.
 */
export function developmentPagesAllowed(environment: Environment = appEnvironment()): boolean {
  return DEVELOPMENT_ENVIRONMENTS.includes(environment);
}
