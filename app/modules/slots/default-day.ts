/**
 * The day the slots page opens on: the one asked for if it is listed, else the first day that still has a time
 * to book (late in the store's day every window of today is closed, so a shopper lands on tomorrow), else the
 * first day listed.
 */
export function defaultSlotDay(
  slots: ReadonlyArray<{ day: string; bookable: boolean }>,
  requested: string | null | undefined,
): string | null {
  const days = [...new Set(slots.map((slot) => slot.day))];
  if (requested && days.includes(requested)) return requested;
  return slots.find((slot) => slot.bookable)?.day ?? days[0] ?? null;
}
