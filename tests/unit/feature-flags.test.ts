import { describe, expect, it } from 'vitest';
import { FLAG_NAMES, featureFlags } from '~/modules/flags/feature-flags.server';

describe('feature flags', () => {
  it('has every flag of spec section 9 in every environment', () => {
    for (const env of ['local-origin', 'qa1', 'prod'] as const) {
      expect(Object.keys(featureFlags(env, {})).sort()).toEqual([...FLAG_NAMES].sort());
    }
  });

  it('differs by environment', () => {
    expect(featureFlags('local-origin', {}).referralProgramEnabled).toBe(true);
    expect(featureFlags('prod', {}).referralProgramEnabled).toBe(false);
  });

  it('lets an env var FLAG_<name> override a flag', () => {
    expect(featureFlags('prod', { FLAG_isB2BDisabled: 'true' }).isB2BDisabled).toBe(true);
    expect(featureFlags('prod', { FLAG_enableStoreIdSelector: 'off' }).enableStoreIdSelector).toBe(false);
    expect(featureFlags('prod', { FLAG_enableStoreIdSelector: 'maybe' }).enableStoreIdSelector).toBe(true);
  });
});
