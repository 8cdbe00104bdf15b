import { pendingMigrations } from '~/db/migrate.server';
import { database } from '~/db/db.server';
import { identityConfig } from '~/modules/config/env.server';
import { currentRequestId } from '~/modules/config/logger.server';
import { databaseHealth } from './health.server';
import { requestIdHeaders } from './request-id';

/**
 * Readiness (decision 0110): whether this process should be sent shoppers. /healthz says the process and its
 * database live; /readyz adds that the schema is the one this build expects and that the identity provider answers
 * its discovery document, and turns 503 once the process has begun to stop (the server answers that itself).
 */
export interface Readiness {
  ready: boolean;
  checks: { database: boolean; migrations: boolean; identityProvider: boolean };
  pendingMigrations?: string[];
}

/** Balancers poll every second: the provider is asked at most every 5 s per process. */
const PROVIDER_CHECK_EVERY_MS = 5_000;
let providerCheck: { at: number; ok: boolean; issuer: string } | undefined;
/** Once current, the schema stays current for this build: asked again only while it was not. */
let migrationsCurrent = false;

async function identityProviderAnswers(now: number): Promise<boolean> {
  const { issuer } = identityConfig();
  if (providerCheck && providerCheck.issuer === issuer && now - providerCheck.at < PROVIDER_CHECK_EVERY_MS)
    return providerCheck.ok;
  let ok = false;
  try {
    const response = await fetch(new URL('/.well-known/openid-configuration', issuer), {
      headers: requestIdHeaders(currentRequestId()),
      signal: AbortSignal.timeout(2_000),
    });
    ok = response.ok;
    await response.body?.cancel();
  } catch {
    ok = false;
  }
  providerCheck = { at: now, ok, issuer };
  return ok;
}

export async function readiness(now = Date.now()): Promise<Readiness> {
  const [health, provider] = await Promise.all([databaseHealth(now), identityProviderAnswers(now)]);
  let pending: string[] = [];
  if (health.ok && !migrationsCurrent) {
    const handle = database();
    pending = await pendingMigrations(handle.db, handle.dialect).catch(() => ['unknown']);
    migrationsCurrent = pending.length === 0;
  }
  const migrations = health.ok && migrationsCurrent;
  return {
    ready: health.ok && migrations && provider,
    checks: { database: health.ok, migrations, identityProvider: provider },
    ...(pending.length ? { pendingMigrations: pending } : {}),
  };
}

/** Tests start each case with nothing remembered. */
export function forgetReadiness() {
  providerCheck = undefined;
  migrationsCurrent = false;
}
