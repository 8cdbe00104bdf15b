import { describe, expect, it } from 'vitest';
import { serverT } from '~/modules/i18n/translations.server';
import { HANDSHAKE_FAILURES, pharmacyProfileFormSchema, pharmacyQuerySchema } from '~/modules/pharmacy/pharmacy-rules';

const message = (input: Record<string, string>) => {
  const parsed = pharmacyProfileFormSchema.safeParse(input);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('the pharmacy profile form', () => {
  it('accepts a date of birth, optional allergies and the privacy consent', () => {
    expect(pharmacyProfileFormSchema.parse({ dateOfBirth: '1990-01-02', consent: 'on' })).toEqual({
      dateOfBirth: '1990-01-02',
      allergies: '',
      consent: 'on',
    });
  });

  it('refuses a missing consent, a missing date and a date in the future', () => {
    expect(message({ dateOfBirth: '1990-01-02' })).toBe('Agree to the pharmacy privacy notice to continue.');
    expect(message({ dateOfBirth: '', consent: 'on' })).toBe('Enter your date of birth.');
    expect(message({ dateOfBirth: '2999-01-01', consent: 'on' })).toBe('Enter a real date of birth.');
  });

  it('reads the spec query parameters and refuses other values', () => {
    expect(pharmacyQuerySchema.parse({ newPharmacyAccount: 'true', progProfUser: 'false' })).toEqual({
      newPharmacyAccount: 'true',
      progProfUser: 'false',
    });
    expect(pharmacyQuerySchema.safeParse({ progProfUser: 'yes' }).success).toBe(false);
  });
});

describe('the pharmacy words a page shows from this module', () => {
  // Built at run time (t(failure.title)), so the key check in translations.test.ts cannot see them.
  it('has Spanish for every handshake failure and every form message', () => {
    const t = serverT('es', 'health');
    const formMessages = [
      message({ dateOfBirth: '1990-01-02' }),
      message({ dateOfBirth: '', consent: 'on' }),
      message({ dateOfBirth: '2999-01-01', consent: 'on' }),
      message({ dateOfBirth: '1990-01-02', consent: 'on', allergies: 'x'.repeat(201) }),
    ];
    const words = [...Object.values(HANDSHAKE_FAILURES).flatMap((f) => [f.title, f.message]), ...formMessages];
    expect(words).toHaveLength(10);
    for (const english of words) expect(t(english!), english!).not.toBe(english);
    expect(t(HANDSHAKE_FAILURES.used.title)).toBe('Este enlace ya se usó');
  });
});
