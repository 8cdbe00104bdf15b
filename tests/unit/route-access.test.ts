/// <reference types="vite/client" />
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageAccessSchema } from '~/modules/access/page-access-schema';

const routesDir = path.resolve('app/routes');
const files = readdirSync(routesDir).filter((file) => /\.tsx?$/.test(file));
const modules = import.meta.glob<Record<string, unknown>>('../../app/routes/*.{ts,tsx}', { eager: true });

function moduleFor(file: string) {
  const entry = Object.entries(modules).find(([key]) => key.endsWith(`/routes/${file}`));
  if (!entry) throw new Error(`route ${file} was not imported`);
  return entry[1];
}

const pages = files.filter((file) => typeof moduleFor(file).default === 'function');

describe('every page route declares who may see it', () => {
  it('finds the page routes', () => {
    expect(pages.length).toBeGreaterThanOrEqual(3);
  });

  it.each(pages)('%s exports valid access meta in its handle', (file) => {
    const mod = moduleFor(file) as { handle?: { access?: unknown }; loader?: unknown };
    expect(mod.handle?.access, `${file} has no handle.access`).toBeDefined();
    expect(() => pageAccessSchema.parse(mod.handle?.access)).not.toThrow();
    expect(typeof mod.loader, `${file} has no loader`).toBe('function');
  });

  it.each(pages)('%s enforces its access meta first thing in its loader', (file) => {
    const source = readFileSync(path.join(routesDir, file), 'utf8');
    const body = /export async function loader\([^)]*\)[^{]*\{\s*([\s\S]*)/.exec(source)?.[1] ?? '';
    expect(body.startsWith('const shopper = await requireUserType(request, access)')).toBe(true);
  });
});
