import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/cluster';
import { startLoad } from '../../scripts/load-driver';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../integration/support/databases';

const TSX = path.resolve('node_modules/tsx/dist/cli.mjs');

/**
 * `npm run start:cluster` with two storefronts, restarted by `npm run cluster:restart` while 50 connections of
 * shoppers' requests go through haproxy: every storefront process is replaced and no request fails.
 */
describe.skipIf(!DIALECTS.includes('postgres'))('a rolling restart of the cluster under load', () => {
  let test: TestDatabase;
  let dataDir: string;
  let launcher: ChildProcess;
  let output = '';
  let port: number;
  const env = () => ({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: test.url,
    PORT: String(port),
    SEED_PRODUCTS: '300',
    LOG_LEVEL: 'warn',
  });

  beforeAll(async () => {
    test = await createTestDatabase('postgres', false);
    dataDir = mkdtempSync(path.join(tmpdir(), 'pantry-rolling-'));
    port = await freePort();
    const idpPort = await freePort();
    launcher = spawn(process.execPath, [TSX, 'scripts/start-cluster.ts'], {
      env: { ...env(), IDP_PORT: String(idpPort), CLUSTER_BASE_PORT: String(await freePort()) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
    launcher.stdout!.on('data', keep);
    launcher.stderr!.on('data', keep);
    const stateFile = path.join(dataDir, 'cluster', 'cluster.json');
    const deadline = Date.now() + 180_000;
    while (!existsSync(stateFile)) {
      if (launcher.exitCode !== null) throw new Error(`the cluster did not start\n${output}`);
      if (Date.now() > deadline) throw new Error(`the cluster did not start in time\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });
  afterAll(async () => {
    if (launcher && launcher.exitCode === null) {
      const gone = new Promise((resolve) => launcher.once('exit', resolve));
      launcher.kill('SIGTERM');
      await gone;
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    await test?.drop();
  });

  it('replaces every storefront process while 50 connections of requests all succeed', async () => {
    const state = () =>
      JSON.parse(readFileSync(path.join(dataDir, 'cluster', 'cluster.json'), 'utf8')) as {
        url: string;
        storefronts: { name: string; pid: number }[];
      };
    const before = state();
    expect(before.storefronts).toHaveLength(2);
    const load = startLoad({ url: before.url, connections: 50 });

    const restart = spawn(process.execPath, [TSX, 'scripts/rolling-restart.ts', '--json'], {
      env: env(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let printed = '';
    restart.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    restart.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => restart.once('exit', resolve));
    const report = await load.stop();
    expect(code, `${printed}\n${output}`).toBe(0);

    const { restart: done } = JSON.parse(printed.trim().split('\n').at(-1)!) as {
      restart: { storefronts: { name: string; oldPid: number; newPid: number }[]; error?: string };
    };
    expect(done.error).toBeUndefined();
    expect(done.storefronts.map((s) => s.name)).toEqual(['storefront1', 'storefront2']);
    for (const storefront of done.storefronts) {
      expect(storefront.oldPid).toBe(before.storefronts.find((s) => s.name === storefront.name)!.pid);
      expect(storefront.newPid).not.toBe(storefront.oldPid);
    }
    // The cluster now runs the new processes.
    expect(state().storefronts.map((s) => s.pid)).toEqual(done.storefronts.map((s) => s.newPid));
    expect(launcher.exitCode).toBeNull();

    expect(report.requests).toBeGreaterThan(100);
    expect({ failed: report.failed, failures: report.failures }).toEqual({ failed: 0, failures: {} });
  });
});
