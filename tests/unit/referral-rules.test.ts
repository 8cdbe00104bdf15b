import { describe, expect, it } from 'vitest';
import {
  formatReferralCode,
  normalizeReferralCode,
  REFERRAL_ALPHABET,
  referralCodeFrom,
  referralLink,
} from '~/modules/customers/referral-rules';

describe('refer-a-friend codes (flag referralProgramEnabled)', () => {
  it('makes 8-symbol codes from an alphabet without look-alike characters', () => {
    for (const char of '01ILOU') expect(REFERRAL_ALPHABET).not.toContain(char);
    expect(new Set(REFERRAL_ALPHABET).size).toBe(30);
    let n = 0;
    const code = referralCodeFrom(() => n++);
    expect(code).toBe('23456789');
    expect(code).toMatch(/^[23456789A-HJKMNP-TV-Z]{8}$/);
  });

  it('draws every symbol equally often: bytes past the last whole round of 30 are skipped', () => {
    const bytes = [255, 240, 239, 0, 1, 2, 3, 4, 5, 6];
    let next = 0;
    // 255 and 240 fall outside 0..239 and are dropped; 239 is the alphabet's last symbol.
    expect(referralCodeFrom(() => bytes[next++]!)).toBe('Z2345678');
  });

  it('reads a typed code in any case, with spaces or a hyphen, and refuses anything else', () => {
    expect(normalizeReferralCode('abcd-2345')).toBe('ABCD2345');
    expect(normalizeReferralCode(' ABCD 2345 ')).toBe('ABCD2345');
    expect(normalizeReferralCode('ABCD234')).toBeNull();
    expect(normalizeReferralCode('ABCD23456')).toBeNull();
    expect(normalizeReferralCode('ABCD-2O45')).toBeNull(); // the letter O is not in the alphabet
    expect(normalizeReferralCode('ABCD-2%45')).toBeNull();
    expect(normalizeReferralCode('')).toBeNull();
  });

  it('shows the code in two groups of four and shares a link that fills it in', () => {
    expect(formatReferralCode('ABCD2345')).toBe('ABCD-2345');
    expect(referralLink('https://www.greenleaf.example', 'ABCD2345')).toBe(
      'https://www.greenleaf.example/account/create-account.html?ref=ABCD2345',
    );
  });
});
