import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** Runs tests/support/log-lines.ts as a production process; resolves with its stdout lines and when each came. */
function run(env: Record<string, string>, stopAfterLines: number | null = null) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/log-lines.ts'], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      APP_ENV: 'local-origin',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const started = Date.now();
  const seen: { line: number; afterMs: number }[] = [];
  let raw = '';
  child.stdout.on('data', (chunk: Buffer) => {
    raw += chunk.toString();
    const parts = raw.split('\n');
    raw = parts.pop() ?? '';
    for (const part of parts) {
      const parsed = JSON.parse(part) as { line?: number };
      if (typeof parsed.line === 'number') seen.push({ line: parsed.line, afterMs: Date.now() - started });
    }
    if (stopAfterLines !== null && seen.length >= stopAfterLines) child.kill();
  });
  return new Promise<typeof seen>((resolve) => child.once('close', () => resolve(seen)));
}

/** Info lines go out in batches (decision 0118): none is lost at exit, and none waits long on a quiet process. */
describe('buffered log lines', () => {
  it('writes every line a process logged before it exits', async () => {
    const seen = await run({ LINES: '500', THEN: 'exit' });
    expect(seen.map((s) => s.line)).toEqual([...Array(500).keys()]);
  });

  it('writes a lone line within a moment while the process keeps running', async () => {
    const seen = await run({ LINES: '1', THEN: 'hold' }, 1);
    expect(seen).toHaveLength(1);
    // Well before the process's own end (5 s): the batch is flushed about 200 ms after its first line.
    expect(seen[0]!.afterMs).toBeLessThan(4_000);
  });
});
