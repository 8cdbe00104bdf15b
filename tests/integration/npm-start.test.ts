/**
 * `npm start` after `npm run build`: the compiled launcher prepares a fresh database, then runs the storefront and
 * the identity provider as plain JavaScript (no TypeScript loader in any process), and stopping it stops both.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port';

const LAUNCHER = 'build/server/start.js';
if (!existsSync(LAUNCHER)) throw new Error(`npm-start.test.ts needs ${LAUNCHER}: run npm run build`);

/** The command lines of a process's children, read from /proc. */
function childCommands(pid: number): { pid: number; command: string }[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((entry) => {
      try {
        const parent = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
        if (parent !== pid) return [];
        const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ').trim();
        return [{ pid: Number(entry), command }];
      } catch {
        return []; // the process ended while it was read
      }
    });
}

const alive = (pid: number) =>
  existsSync(`/proc/${pid}`) && !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');

describe('npm start', () => {
  let launcher: ChildProcess;
  let dataDir: string;
  let origin: string;
  let idp: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'pantry-start-'));
    const [port, idpPort] = [await freePort(), await freePort()];
    origin = `http://localhost:${port}`;
    idp = `http://localhost:${idpPort}`;
    launcher = spawn(process.execPath, [LAUNCHER], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        PORT: String(port),
        IDP_PORT: String(idpPort),
        SEED_PRODUCTS: '300',
        SESSION_SECRET: 'npm-start-test-secret-not-for-production',
        PASSWORD_HASH_COST: 'test',
        LOG_LEVEL: 'error',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    launcher.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      const ok = await fetch(`${origin}/healthz`)
        .then((response) => response.ok)
        .catch(() => false);
      if (ok) return;
      if (launcher.exitCode !== null) throw new Error(`npm start exited (${launcher.exitCode}): ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('npm start did not serve the storefront within 90 s');
  }, 100_000);

  afterAll(() => {
    if (launcher?.exitCode === null) launcher.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the storefront and the identity provider', async () => {
    const home = await fetch(`${origin}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('Greenleaf Market');
    const discovery = await fetch(`${idp}/.well-known/openid-configuration`);
    expect(discovery.status).toBe(200);
  });

  it('runs two plain node processes, neither through a TypeScript loader', () => {
    const children = childCommands(launcher.pid!);
    expect(children.map(({ command }) => command.replace(/^\S+ /, '')).sort()).toEqual([
      'build/server/identity-provider.js',
      'build/server/serve.js build/index.js',
    ]);
    for (const { command } of [...children, { command: readFileSync(`/proc/${launcher.pid}/cmdline`, 'utf8') }])
      expect(command).not.toMatch(/tsx|esbuild/);
  });

  it('stops both when it is stopped', async () => {
    const children = childCommands(launcher.pid!).map(({ pid }) => pid);
    const exited = new Promise((resolve) => launcher.once('exit', resolve));
    launcher.kill('SIGTERM');
    await exited;
    const deadline = Date.now() + 10_000;
    while (children.some(alive) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(children.filter(alive)).toEqual([]);
  });
});
