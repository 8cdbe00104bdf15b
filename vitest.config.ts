import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import LongFilesFirst from './tests/support/sequencer';

/**
 * Unit test files share one module registry per worker (isolate: false): most of a unit file's time was importing
 * the app's modules again (decision 0051). A file that mocks a module (vi.mock) needs a registry of its own, or the
 * module another file imported first is used unmocked: those files are found here and run isolated.
 */
const UNIT_DIR = fileURLToPath(new URL('./tests/unit/', import.meta.url));
const MOCKING_UNIT_FILES = readdirSync(UNIT_DIR, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file) && readFileSync(path.join(UNIT_DIR, file), 'utf8').includes('vi.mock('))
  .map((file) => `tests/unit/${file}`);

// The run's id, in the name of the template databases its test files copy (tests/integration/support/databases.ts);
// test processes inherit it.
process.env.PANTRY_TEST_RUN ??= randomBytes(4).toString('hex');

// A hang guard, not a timing: property tests with thousands of runs pass 5 s on a busy machine.
const UNIT_TEST = { environment: 'node', testTimeout: 30_000 } as const;

export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  test: {
    // Drops the run's template databases at its end.
    globalSetup: ['tests/support/test-run-teardown.ts'],
    // Without an earlier run's durations, the long resilience and security files start first.
    sequence: { sequencer: LongFilesFirst },
    // Only the unit project runs in threads (pool options are per pool, not per project).
    poolOptions: { threads: { isolate: false } },
    // The production build (one 1.4 MB bundle) is imported by Node itself, not transformed per test file.
    server: { deps: { external: [/\/build\/index\.js/] } },
    // Cheap argon2 for the accounts tests create and sign in with (decision 0070); production's own are unit-tested.
    env: {
      LOG_LEVEL: 'silent',
      SESSION_SECRET: 'test-secret-not-for-production',
      SUBSCRIPTION_KEY: 'test-subscription-key',
      PASSWORD_HASH_COST: 'test',
    },
    projects: [
      {
        extends: true,
        test: {
          ...UNIT_TEST,
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...MOCKING_UNIT_FILES],
          pool: 'threads',
        },
      },
      {
        extends: true,
        test: { ...UNIT_TEST, name: 'unit-mocks', include: MOCKING_UNIT_FILES },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          pool: 'forks',
        },
      },
      {
        // Cookies, CSP, CSRF, redirects, malformed input, enumeration; against real servers and databases.
        extends: true,
        test: {
          name: 'security',
          include: ['tests/security/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          pool: 'forks',
        },
      },
      {
        // Load, faults and races against real server processes; bounded in time, loopback only.
        extends: true,
        test: {
          name: 'resilience',
          include: ['tests/resilience/**/*.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 300_000,
          pool: 'forks',
        },
      },
    ],
  },
});
