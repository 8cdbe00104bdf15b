/**
 * Refer a friend (flag referralProgramEnabled, decision 0098): the code's form and the credit. Page-safe (the create
 * account page normalises a typed code the same way the server does).
 */

/** Letters and digits nobody misreads (no 0/O, 1/I/L, U): 30 symbols. */
export const REFERRAL_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Eight symbols: 30^8 ≈ 6.6 × 10^11 codes, typed as two groups of four (ABCD-2345). */
export const REFERRAL_CODE_LENGTH = 8;

/** Points each of the two customers gets at the friend's first order (1,000 points = a $10 grocery reward). */
export const REFERRAL_POINTS = 1000;

export const REFERRAL_MESSAGES = {
  format: 'A referral code is 8 letters and digits, like ABCD-2345. Check it, or leave it empty.',
  unknown: 'We do not know that referral code. Check it with your friend, or leave it empty to create your account.',
  ownCode: 'That is your own referral code. Share it with a friend instead.',
} as const;

/** What a customer typed, as the stored code: upper case, spaces and hyphens dropped. Null when it cannot be one. */
export function normalizeReferralCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== REFERRAL_CODE_LENGTH) return null;
  for (const char of code) if (!REFERRAL_ALPHABET.includes(char)) return null;
  return code;
}

/** ABCD2345 → ABCD-2345, as the account shows it. */
export function formatReferralCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** A new code from random bytes (one byte per symbol; rejection sampling keeps every symbol equally likely). */
export function referralCodeFrom(randomByte: () => number): string {
  let code = '';
  const limit = 256 - (256 % REFERRAL_ALPHABET.length);
  while (code.length < REFERRAL_CODE_LENGTH) {
    const byte = randomByte();
    if (byte < limit) code += REFERRAL_ALPHABET[byte % REFERRAL_ALPHABET.length];
  }
  return code;
}

/** The share link: the create-account page with the code filled in. */
export function referralLink(origin: string, code: string): string {
  return `${origin}/account/create-account.html?ref=${code}`;
}
