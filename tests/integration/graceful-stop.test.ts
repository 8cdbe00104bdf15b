import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from '@remix-run/node';
import { describe, expect, it } from 'vitest';

/**
 * Decision 0054: server/serve.ts stops through shutDown (tests/unit/shutdown.test.ts) with the build's own
 * settledAfterResponse: the work pending after responses lives in the build's copy of that module, not in one a
 * server module would import itself.
 */
if (!existsSync('build/index.js'))
  throw new Error('graceful-stop.test.ts needs the production build: run npm run build');
const build = (await import(pathToFileURL(path.resolve('build/index.js')).href)) as ServerBuild;

describe('a graceful stop waits for the build’s after-answer work', () => {
  it('the build’s entry hands the server its settledAfterResponse', async () => {
    const entry = build.entry.module as { settledAfterResponse?: () => Promise<void> };
    expect(typeof entry.settledAfterResponse).toBe('function');
    await expect(entry.settledAfterResponse!()).resolves.toBeUndefined();
  });

  it('the build’s entry hands the server its mail worker’s start and stop', async () => {
    const entry = build.entry.module as { ensureMailWorker?: () => void; stopMailWorker?: () => Promise<void> };
    expect(typeof entry.ensureMailWorker).toBe('function');
    await expect(entry.stopMailWorker!()).resolves.toBeUndefined();
  });

  it('serve.ts stops through shutDown with it and then the mail worker, on SIGTERM and SIGINT', () => {
    const serve = readFileSync(path.resolve('server/serve.ts'), 'utf8');
    expect(serve).toMatch(/await entry\.settledAfterResponse\?\.\(\);\s*await entry\.stopMailWorker\?\.\(\);/);
    expect(serve).toMatch(/shutDown\(server, settle,/);
    expect(serve).toMatch(/\['SIGTERM', 'SIGINT'\]/);
  });
});
