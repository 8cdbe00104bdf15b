import { describe, expect, it } from 'vitest';
import { pharmacyProfileFormSchema, pharmacyQuerySchema } from '~/modules/pharmacy/pharmacy-rules';

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
