import { describe, expect, it } from 'vitest';
import { lowPriorityModulePreloads } from '~/modules/http/script-priority.server';

async function through(chunks: Buffer[]): Promise<string> {
  const stream = lowPriorityModulePreloads();
  const out: Buffer[] = [];
  stream.on('data', (chunk: Buffer | string) => out.push(Buffer.from(chunk)));
  const ended = new Promise((resolve) => stream.on('end', resolve));
  for (const chunk of chunks) stream.write(chunk);
  stream.end();
  await ended;
  return Buffer.concat(out).toString('utf8');
}

const page =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/></head><body><p>Crème brûlée ✓</p>' +
  '<link rel="modulepreload" href="/build/entry.client.js"/><link rel="modulepreload" href="/build/root.js"/>' +
  '<script type="module" async="">import "/build/root.js";</script></body></html>';
const expected = page.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

describe('lowPriorityModulePreloads (decision 0028)', () => {
  it('marks every module preload low priority and leaves the rest of the page as it was', async () => {
    expect(await through([Buffer.from(page)])).toBe(expected);
  });

  it('finds a tag split across chunks at every position, and never splits a character', async () => {
    const bytes = Buffer.from(page);
    for (let cut = 1; cut < bytes.length; cut++) {
      const split = await through([bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect(split, `cut at byte ${cut}`).toBe(expected);
    }
  });

  it('passes a page in one-byte chunks unchanged apart from the preloads', async () => {
    const bytes = Buffer.from(page);
    const chunks = Array.from(bytes, (_, index) => bytes.subarray(index, index + 1));
    expect(await through(chunks)).toBe(expected);
  });
});
