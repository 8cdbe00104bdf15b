/** Spec section 5: a greeting name longer than 19 characters is cut to 16 characters plus '...'. */
export const GREETING_MAX_LENGTH = 19;
export const GREETING_CUT_LENGTH = 16;
/** Spec section 9: above 1279 px a greeting wider than 154 px changes the header layout. */
export const GREETING_WIDE_VIEWPORT = 1279;
export const GREETING_WIDE_PX = 154;

export function greetingName(name: string): string {
  const trimmed = name.trim();
  const chars = Array.from(trimmed); // count characters, not UTF-16 units
  if (chars.length <= GREETING_MAX_LENGTH) return trimmed;
  return `${chars.slice(0, GREETING_CUT_LENGTH).join('')}...`;
}

export function greetingText(name: string): string {
  return `Hi, ${greetingName(name)}`;
}

export function useWideGreetingLayout(viewportWidth: number, greetingWidthPx: number): boolean {
  return viewportWidth > GREETING_WIDE_VIEWPORT && greetingWidthPx > GREETING_WIDE_PX;
}
