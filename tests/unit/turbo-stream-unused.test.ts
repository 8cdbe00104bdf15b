import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import remixConfig from '../../remix.config.js';
import { decode, encode } from '~/modules/browser/turbo-stream-unused';

/** Decision 0031: the browser build maps `turbo-stream` to a stub, which is right only while single fetch is off. */
describe('turbo-stream mapped out of the browser build', () => {
  const tsconfig = JSON.parse(readFileSync('tsconfig.json', 'utf8')) as {
    compilerOptions: { paths: Record<string, string[]> };
  };
  const mapped = 'turbo-stream' in tsconfig.compilerOptions.paths;

  it('is mapped only while single fetch is off (remove the mapping before turning it on)', () => {
    expect(mapped).toBe(true);
    expect((remixConfig as { future: Record<string, boolean> }).future.v3_singleFetch).toBe(false);
  });

  it('fails loudly if anything calls it', () => {
    expect(() => decode()).toThrow(/mapped out of the browser build/);
    expect(() => encode()).toThrow(/mapped out of the browser build/);
  });
});
