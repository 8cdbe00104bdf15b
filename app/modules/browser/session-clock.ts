/** The signed-in session an open page watches. */
export interface PageSession {
  expiresAt: number;
  issuer: string;
  banner: string;
}

/**
 * When to ask the server whether the session still holds: just after the token's expiry. Its own
 * module: the page loads this clock, and the rest of identity-session.ts only when it fires.
 */
export function validationDelayMs(expiresAt: number, now: number): number {
  return Math.min(Math.max(expiresAt - now, 0) + 1000, 2_147_483_647);
}
