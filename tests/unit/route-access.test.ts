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
/** Route files whose pages live under /staff (staff._index.tsx is /staff, staff.orders.tsx /staff/orders). */
const isStaffFile = (file: string) => /^staff[._]/.test(file);
const staffPages = pages.filter(isStaffFile);
const shopperPages = pages.filter((file) => !isStaffFile(file));

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

  it.each(shopperPages)('%s enforces its access meta first thing in its loader', (file) => {
    expect(loaderBody(file).startsWith('const shopper = await requireUserType(request, access)')).toBe(true);
  });

  it.each(shopperPages)('%s declares no staff roles (shopper pages never show staff data)', (file) => {
    const mod = moduleFor(file) as { handle?: { access?: Record<string, unknown> } };
    expect(mod.handle?.access).not.toHaveProperty('staffRoles');
  });
});

describe('every /staff page declares which staff roles may see it', () => {
  it('finds the staff pages', () => {
    expect(staffPages).toContain('staff._index.tsx');
  });

  it.each(staffPages)('%s declares staff roles for signed-in customers only', (file) => {
    const mod = moduleFor(file) as { handle?: { access?: { staffRoles?: unknown; allowedUserTypes?: unknown } } };
    const access = pageAccessSchema.parse(mod.handle?.access);
    expect(access.staffRoles?.length, `${file} has no staffRoles`).toBeGreaterThan(0);
    expect(access.allowedUserTypes).toEqual(['C']);
  });

  it.each(staffPages)('%s calls requireStaff first thing in its loader', (file) => {
    expect(loaderBody(file).startsWith('const staff = await requireStaff(request, access)')).toBe(true);
  });
});

function loaderBody(file: string): string {
  const source = readFileSync(path.join(routesDir, file), 'utf8');
  return /export async function loader\([^)]*\)[^{]*\{\s*([\s\S]*)/.exec(source)?.[1] ?? '';
}
