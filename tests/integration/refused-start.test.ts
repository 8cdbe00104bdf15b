import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { IDENTITY_PROVIDER, STOREFRONT } from '../../scripts/server-commands';

/** Decision 0110: the compiled processes print every configuration problem, one line each, and exit 1. */
if (!existsSync('build/server/serve.js')) throw new Error('refused-start.test.ts needs the build: run npm run build');

function run(command: string[], env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, command, {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => resolve({ code, stderr }));
  });
}

const WRONG = {
  APP_ENV: 'prod',
  SESSION_SECRET: 'too-short',
  COOKIE_SECURE: 'false',
  TRUSTED_DOMAINS: 'http://shop.pantry.example',
  PORT: '3455',
  IDP_PORT: '3456',
  DB_POOL_MAX: 'many',
};

describe('a production start with a wrong configuration', () => {
  it.each([
    ['storefront', STOREFRONT],
    ['identity provider', IDENTITY_PROVIDER],
  ])('stops the %s with one line per problem and exit code 1', async (name, command) => {
    const { code, stderr } = await run(command, WRONG);
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toEqual([
      `[pantry] ${name} not started: DB_POOL_MAX: Expected number, received nan`,
      `[pantry] ${name} not started: SESSION_SECRET entry 1 is 9 bytes: each secret needs at least 32.`,
      `[pantry] ${name} not started: COOKIE_SECURE=false: production cookies are sent over HTTPS only (leave it unset or true).`,
      `[pantry] ${name} not started: TRUSTED_DOMAINS lists http://shop.pantry.example: production redirects go to https: origins only.`,
    ]);
  });
});
