import type { Kysely } from 'kysely';
import { backfillLabelFlags } from '../seed/label-flags.seed';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/**
 * docs/decisions/0107-snap-ebt-tips-delivery-instructions.md. products.label_flags gains the SNAP bit
 * (catalog/label-flags.ts), so search can filter SNAP-eligible products in SQL: the flags of an existing
 * catalogue are computed again by the same rules the seed uses.
 */
export const snapFlagSchema = {
  async up(db: AnyDb) {
    await backfillLabelFlags(db);
  },
};
