import type { ProductKind } from '~/db/schema';
import type { AllergenId, NutritionClaimId } from '~/modules/catalog/label-flags';
import type { ProductCard } from '~/modules/catalog/product-card-select.server';
import type { DietaryTagId, PriceBucketId, SortId } from './query';

export interface ProductFilters {
  aisleIds?: number[];
  brandId?: number;
  sellerId?: number;
  diet?: DietaryTagId;
  price?: PriceBucketId;
  onOffer?: boolean;
  varietal?: string;
  region?: string;
  /** Labelled products free from all of these allergens (products.label_flags). */
  freeFrom?: AllergenId[];
  /** Labelled products meeting all of these nutrient claims. */
  claims?: NutritionClaimId[];
  /** Products SNAP (EBT) may buy (products.label_flags). */
  snap?: boolean;
}

export interface ProductQuery {
  kind: ProductKind;
  /**
   * Terms to match (query-terms.ts: a word, or alternatives from the synonym table), already
   * corrected; none lists every product the filters allow.
   */
  tokens: string[];
  /**
   * The aisles the words mean (intent.ts), when known: matches shelved there come first
   * (docs/decisions/0077-product-types-and-aisle-intent.md).
   */
  intentAisleIds?: number[];
  /** Treat the last word as a prefix (search as you type). */
  prefix?: boolean;
  filters: ProductFilters;
  sort: SortId;
  page: number;
  pageSize: number;
}

export interface ProductHit extends ProductCard {
  kind: ProductKind;
}

export interface Facets {
  total: number;
  aisles: { id: number; count: number }[];
  brands: { id: number; count: number }[];
  diets: { id: DietaryTagId; count: number }[];
  prices: { id: PriceBucketId; count: number }[];
  onOffer: number;
  /** Matches free from each allergen, and meeting each claim, in ALLERGENS and NUTRITION_CLAIMS order. */
  freeFrom: { id: AllergenId; count: number }[];
  claims: { id: NutritionClaimId; count: number }[];
  /** Matches SNAP may buy. */
  snap: number;
}
