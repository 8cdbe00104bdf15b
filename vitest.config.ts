import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  test: {
    env: { LOG_LEVEL: 'silent', SESSION_SECRET: 'test-secret-not-for-production' },
    projects: [
      {
        extends: true,
        // A hang guard, not a timing: property tests with thousands of runs pass 5 s on a busy machine.
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node', testTimeout: 30_000 },
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
        // Issue 10: cookies, CSP, CSRF, redirects, malformed input, enumeration; against real servers and databases.
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
        // Issue 10: load, faults and races against real server processes; bounded in time, loopback only.
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
