import { db } from '~/db/db.server';
import type { Language } from '~/modules/i18n/languages';
import { catalogueWords } from './catalogue-words';

export interface AisleInfo {
  id: number;
  slug: string;
  name: string;
  departmentId: number;
}
export interface DepartmentInfo {
  id: number;
  slug: string;
  name: string;
  imageKey: string;
  aisleIds: number[];
}
export interface SellerInfo {
  id: number;
  slug: string;
  name: string;
  tagline: string;
  originZip: string;
  handlingDays: number;
  carrier: string;
}
/** A seller as stored, its tagline in both languages (decision 0123); a page shows `sellerIn(language)`. */
export interface StoredSeller extends SellerInfo {
  taglineEs: string | null;
}
export interface Taxonomy {
  departments: DepartmentInfo[];
  departmentBySlug: Map<string, DepartmentInfo>;
  departmentById: Map<number, DepartmentInfo>;
  aisleById: Map<number, AisleInfo>;
  aisleBySlug: Map<string, AisleInfo>;
  sellers: StoredSeller[];
  sellerBySlug: Map<string, StoredSeller>;
  sellerById: Map<number, StoredSeller>;
}

let cache: { at: number; value: Promise<Taxonomy> } | undefined;
const TTL_MS = 10 * 60_000;

/** Departments, aisles and sellers (a few hundred rows that change only with a re-seed), per process. */
export function taxonomy(): Promise<Taxonomy> {
  if (!cache || Date.now() - cache.at > TTL_MS) {
    const value = load();
    cache = { at: Date.now(), value };
    value.catch(() => (cache = undefined));
  }
  return cache.value;
}

/** For tests that re-seed between cases. */
export function forgetTaxonomy() {
  cache = undefined;
}

async function load(): Promise<Taxonomy> {
  const [departmentRows, aisleRows, sellerRows] = await Promise.all([
    db().selectFrom('departments').select(['id', 'slug', 'name', 'image_key']).orderBy('position').execute(),
    db()
      .selectFrom('aisles')
      .select(['id', 'slug', 'name', 'department_id'])
      .orderBy('department_id')
      .orderBy('position')
      .execute(),
    db().selectFrom('sellers').selectAll().orderBy('name').execute(),
  ]);
  const aisles: AisleInfo[] = aisleRows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    departmentId: row.department_id,
  }));
  const departments: DepartmentInfo[] = departmentRows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    imageKey: row.image_key,
    aisleIds: aisles.filter((aisle) => aisle.departmentId === row.id).map((aisle) => aisle.id),
  }));
  const sellers: StoredSeller[] = sellerRows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    tagline: row.tagline,
    taglineEs: row.tagline_es,
    originZip: row.origin_zip,
    handlingDays: row.handling_days,
    carrier: row.carrier,
  }));
  return {
    departments,
    departmentBySlug: new Map(departments.map((d) => [d.slug, d])),
    departmentById: new Map(departments.map((d) => [d.id, d])),
    aisleById: new Map(aisles.map((a) => [a.id, a])),
    aisleBySlug: new Map(aisles.map((a) => [a.slug, a])),
    sellers,
    sellerBySlug: new Map(sellers.map((s) => [s.slug, s])),
    sellerById: new Map(sellers.map((s) => [s.id, s])),
  };
}

/** A seller with its tagline in the shopper's language only: what a page's data carries. */
export function sellerIn(language: Language, seller: StoredSeller): SellerInfo {
  const { taglineEs, ...info } = seller;
  return { ...info, tagline: catalogueWords(language, seller.tagline, taglineEs) };
}

export interface BrandInfo {
  id: number;
  slug: string;
  name: string;
}

export async function brandBySlug(slug: string): Promise<BrandInfo | undefined> {
  return db().selectFrom('brands').select(['id', 'slug', 'name']).where('slug', '=', slug).executeTakeFirst();
}

export async function brandsByIds(ids: number[]): Promise<Map<number, BrandInfo>> {
  if (ids.length === 0) return new Map();
  const rows = await db().selectFrom('brands').select(['id', 'slug', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row]));
}
