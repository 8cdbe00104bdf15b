import type { Insertable } from 'kysely';
import type { Database } from '../schema';
import { SHELF_DESCRIPTIONS_ES } from './data/shelf-descriptions-es';

/** The shelf items' Spanish descriptions as item_descriptions rows (decision 0123). */
export function spanishItemDescriptions(): Insertable<Database['item_descriptions']>[] {
  return Object.entries(SHELF_DESCRIPTIONS_ES).map(([itemKey, description]) => ({
    item_key: itemKey,
    language: 'es',
    description,
  }));
}
