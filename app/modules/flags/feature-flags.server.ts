import type { Environment } from '~/modules/banners/hosts';

/** Spec section 9's feature flags, plus the toggles later issues read. */
export const FLAG_NAMES = [
  'enableProfileComplete',
  'enableSpecialOccasion',
  'isB2BDisabled',
  'enableACIKMSI',
  'enableCookieRestructure',
  'enableStoreIdSelector',
  'isReceiptsOnboardEventEnabled',
  'referralProgramEnabled',
  // Toggles the spec names without a flag name: resolver v2 (daily delivery check), banner switch (SSO).
  'enableResolverV2',
  'enableBannerSwitch',
  // Session update for signed-in customers posts the geo-flow preferences payload instead of the classic one.
  'enableGeoFlow',
] as const;
export type FlagName = (typeof FLAG_NAMES)[number];
export type FeatureFlags = Record<FlagName, boolean>;

const DEFAULTS: FeatureFlags = {
  enableProfileComplete: true,
  enableSpecialOccasion: false,
  isB2BDisabled: false,
  enableACIKMSI: true,
  enableCookieRestructure: true,
  enableStoreIdSelector: true,
  isReceiptsOnboardEventEnabled: false,
  referralProgramEnabled: false,
  enableResolverV2: true,
  // Off where pages must stay one request for a guest (local runs, beta, prod) until it has been proven on dev/qa.
  enableBannerSwitch: false,
  enableGeoFlow: false,
};

/** Per-environment differences from DEFAULTS; new features reach prod last. */
const BY_ENVIRONMENT: Partial<Record<Environment, Partial<FeatureFlags>>> = {
  'local-origin': { enableSpecialOccasion: true, isReceiptsOnboardEventEnabled: true, referralProgramEnabled: true },
  dev1: {
    enableSpecialOccasion: true,
    isReceiptsOnboardEventEnabled: true,
    referralProgramEnabled: true,
    enableBannerSwitch: true,
  },
  dev2: { enableSpecialOccasion: true, isReceiptsOnboardEventEnabled: true, enableBannerSwitch: true },
  dev3: { enableSpecialOccasion: true },
  qa1: { isReceiptsOnboardEventEnabled: true, enableBannerSwitch: true },
  stage: {},
  beta: {},
  prod: {},
};

function parseBoolean(value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  const normalized = value.trim().toLowerCase();
  if (['1', 'true', 'on', 'yes'].includes(normalized)) return true;
  if (['0', 'false', 'off', 'no'].includes(normalized)) return false;
  return undefined;
}

/** Flags for an environment; each is overridable by the env var FLAG_<name> (e.g. FLAG_isB2BDisabled=true). */
export function featureFlags(
  environment: Environment,
  env: Record<string, string | undefined> = process.env,
): FeatureFlags {
  const flags: FeatureFlags = { ...DEFAULTS, ...BY_ENVIRONMENT[environment] };
  for (const name of FLAG_NAMES) {
    const override = parseBoolean(env[`FLAG_${name}`]);
    if (override !== undefined) flags[name] = override;
  }
  return flags;
}
