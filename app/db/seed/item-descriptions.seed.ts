import type { Insertable } from 'kysely';
import type { Database } from '../schema';
import { MARKETPLACE_ITEM_NAMES_ES, marketplaceDescriptionEs } from './data/marketplace-words-es';
import { SHELF_DESCRIPTIONS_ES } from './data/shelf-descriptions-es';

/** The shelf items' Spanish descriptions as item_descriptions rows (decision 0123). */
export function spanishItemDescriptions(): Insertable<Database['item_descriptions']>[] {
  return Object.entries(SHELF_DESCRIPTIONS_ES).map(([itemKey, description]) => ({
    item_key: itemKey,
    language: 'es',
    description,
  }));
}

/** The marketplace items' Spanish descriptions, one row per item with `{seller}` filled per product. */
export function spanishMarketplaceDescriptions(): Insertable<Database['item_descriptions']>[] {
  return Object.entries(MARKETPLACE_ITEM_NAMES_ES).map(([itemKey, name]) => ({
    item_key: itemKey,
    language: 'es',
    description: marketplaceDescriptionEs(name),
  }));
}
