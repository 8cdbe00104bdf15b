import { db } from '~/db/db.server';
import type { ProductKind } from '~/db/schema';

import { BRAND_LETTERS } from './brand-letters';

export interface BrandIndex {
  letters: { letter: string; count: number }[];
  selected: string | null;
  brands: { slug: string; name: string; initial: string }[];
}

/** Every brand, or those under one letter ("#" for names that do not start with A-Z). */
export async function brandIndex(letter: string | null): Promise<BrandIndex> {
  const [counts, brands] = await Promise.all([
    db()
      .selectFrom('brands')
      .select(['initial', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('initial')
      .execute(),
    (letter
      ? db().selectFrom('brands').select(['slug', 'name', 'initial']).where('initial', '=', letter)
      : db().selectFrom('brands').select(['slug', 'name', 'initial'])
    )
      .orderBy('initial')
      .orderBy('name')
      .execute(),
  ]);
  const byLetter = new Map(counts.map((row) => [row.initial, Number(row.n)]));
  return {
    letters: BRAND_LETTERS.map((l) => ({ letter: l, count: byLetter.get(l) ?? 0 })),
    selected: letter,
    brands,
  };
}

/** Which shop a brand's products are in (grocery brands, wineries, marketplace sellers). */
export async function brandKind(brandId: number): Promise<ProductKind | null> {
  const row = await db()
    .selectFrom('products')
    .select('kind')
    .where('brand_id', '=', brandId)
    .limit(1)
    .executeTakeFirst();
  return row?.kind ?? null;
}
