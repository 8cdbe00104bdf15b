/**
 * How orders make a product popular (docs/decisions/0076-popularity-from-orders.md). Pure: the refresh
 * (popularity.server.ts) and its tests share it.
 *
 * popularity = prior + POINTS_PER_UNIT × units, where each unit ordered counts 0.5^(age / HALF_LIFE_DAYS).
 * The prior acts as pseudo-orders: a product nobody ordered keeps the catalogue's expectation, and enough
 * real orders outweigh any prior.
 */

/** A unit ordered this many days ago counts half as much as one ordered today. */
export const HALF_LIFE_DAYS = 30;

/** Orders older than this count for nothing (12 half-lives: under 1/4,000 of a unit). */
export const ORDER_HORIZON_DAYS = 12 * HALF_LIFE_DAYS;

/** What one unit ordered today adds; the seed's priors run to 1,000, so 100 recent units match the best. */
export const POINTS_PER_UNIT = 10;

/** The highest popularity stored: the search key has room for 2^30 − 1 and keeps a bit spare. */
export const MAX_STORED_POPULARITY = 2 ** 29 - 1;

const DAY_MS = 86_400_000;

/** What a unit ordered `ageDays` ago counts for: 1 today, ½ after a half-life, 0 past the horizon. */
export function decayWeight(ageDays: number): number {
  if (ageDays > ORDER_HORIZON_DAYS) return 0;
  // An order stamped a little ahead of the clock counts as placed now, never as more.
  return 0.5 ** (Math.max(0, ageDays) / HALF_LIFE_DAYS);
}

/** Units ordered, each weighed by its order's age at `now`. */
export function decayedUnits(lines: Iterable<{ quantity: number; placedAt: string }>, now: Date): number {
  let units = 0;
  for (const line of lines) {
    const ageDays = (now.getTime() - Date.parse(line.placedAt)) / DAY_MS;
    if (Number.isFinite(ageDays) && line.quantity > 0) units += line.quantity * decayWeight(ageDays);
  }
  return units;
}

/** The prior lifted by the decayed units, as a whole number within what the search key orders. */
export function blendPopularity(prior: number, units: number): number {
  const value = Math.round(Math.max(0, prior) + POINTS_PER_UNIT * Math.max(0, units));
  return Math.min(value, MAX_STORED_POPULARITY);
}
