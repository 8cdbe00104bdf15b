/**
 * The catalogue as the judgments read it: every grocery product with its aisle, department and tags, and each
 * judged query's grade for each of them.
 */
import type { Kysely } from 'kysely';
import type { Database } from '~/db/schema';
import { gradeOf, tagsOf, type Grade, type JudgedProduct, type JudgedQuery } from './judgments';

/** The store the shopper searches (its prices and stock; the default catalogue has it). */
export const SHOPPER_STORE = 'Greenleaf Market Seattle';

export interface CatalogueProduct extends JudgedProduct {
  id: number;
}

/** The grocery products a store's results page could show (wine and marketplace items have their own shops). */
export async function judgedCatalogue(db: Kysely<Database>): Promise<CatalogueProduct[]> {
  const rows = await db
    .selectFrom('products')
    .innerJoin('aisles', 'aisles.id', 'products.aisle_id')
    .innerJoin('departments', 'departments.id', 'aisles.department_id')
    .select([
      'products.id',
      'products.name',
      'products.dietary_tags',
      'aisles.slug as aisle',
      'departments.slug as department',
    ])
    .where('products.kind', '=', 'grocery')
    .orderBy('products.id')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    aisle: row.aisle,
    department: row.department,
    tags: tagsOf(row.dietary_tags),
  }));
}

/** Each product's grade for the query, by id (products of grade 0 are left out). */
export function gradesFor(query: JudgedQuery, catalogue: readonly CatalogueProduct[]): Map<number, Grade> {
  const grades = new Map<number, Grade>();
  for (const product of catalogue) {
    const grade = gradeOf(query.rules, product);
    if (grade > 0) grades.set(product.id, grade);
  }
  return grades;
}
