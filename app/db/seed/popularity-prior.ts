/**
 * The seed's popularity prior for a grocery product (docs/decisions/0076-popularity-from-orders.md), read
 * from where the shelf vocabulary puts it: departments go in store-walk order (produce, meat, dairy and
 * bakery before pet, household and health), each department lists its main aisle first, each aisle its
 * staple first (whole milk, then 2 %, …, strawberry milk sixth), each item its everyday size first, and a
 * plain item outsells its variants. Orders then lift products above their prior (catalog/popularity.ts).
 */

/** A product's place in the shelf vocabulary, all positions from 0. */
export interface ShelfPlace {
  /** The item's position in its aisle. */
  itemIndex: number;
  /** The aisle's position in its department. */
  aisleIndex: number;
  /** The department's position in the store walk (fresh food first, household and health last). */
  departmentIndex: number;
  /** The size's position among the item's sizes. */
  sizeIndex: number;
  /** The variant's position among the item's variants; null for the plain item. */
  variantIndex: number | null;
}

/** The prior of an aisle's first item, in its everyday size, plain. */
export const PRIOR_MAX = 1_000;

/** How much less each step down a list weighs: 1 / (1 + step × position). */
const STEP = { item: 0.1, aisle: 0.1, department: 0.1, size: 0.6, variant: 0.2 } as const;
/** A variant (organic, flavoured, lactose-free…) sells this share of the plain item at best. */
const VARIANT_SHARE = 0.5;

const falling = (step: number, position: number) => 1 / (1 + step * Math.max(0, position));

/**
 * The prior, 0…PRIOR_MAX. `brandShare` (0…1) lets one brand's product sell less than another's of the
 * same place; the seed draws it from 0.6…1, so the first page of a broad word shows a few items rather
 * than one item in every brand, while the plain gallons of milk of five brands in six still come before
 * any 14 oz strawberry milk.
 */
export function shelfPrior(place: ShelfPlace, brandShare = 1): number {
  const variant = place.variantIndex === null ? 1 : VARIANT_SHARE * falling(STEP.variant, place.variantIndex);
  const share =
    falling(STEP.item, place.itemIndex) *
    falling(STEP.aisle, place.aisleIndex) *
    falling(STEP.department, place.departmentIndex) *
    falling(STEP.size, place.sizeIndex) *
    variant *
    Math.min(1, Math.max(0, brandShare));
  return Math.round(PRIOR_MAX * share);
}
