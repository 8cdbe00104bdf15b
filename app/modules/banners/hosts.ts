/**
 * What a Host header says about a request: which banner, which site (consumer C or business B)
 * and which environment. Pure, so it is shared by the server and unit tests.
 */
export type SiteType = 'C' | 'B';

export const ENVIRONMENTS = [
  'local-origin',
  'dev1',
  'dev2',
  'dev3',
  'qa1',
  'qa2',
  'qa3',
  'stage',
  'beta',
  'prod',
] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export const BANNER_IDS = ['greenleaf', 'sunridge', 'bayside', 'mesa'] as const;
export type BannerId = (typeof BANNER_IDS)[number];
export const DEFAULT_BANNER: BannerId = 'greenleaf';

export interface HostInfo {
  hostname: string;
  bannerId: BannerId;
  siteType: SiteType;
  environment: Environment;
}

const SUFFIX_ENVIRONMENTS: readonly Environment[] = [
  'dev1',
  'dev2',
  'dev3',
  'qa1',
  'qa2',
  'qa3',
  'stage',
  'beta',
  'local-origin',
];

function isBannerId(value: string): value is BannerId {
  return (BANNER_IDS as readonly string[]).includes(value);
}

export function hostnameOf(hostHeader: string | null | undefined): string {
  const raw = (hostHeader ?? '').trim().toLowerCase();
  if (raw.startsWith('[')) return raw.slice(0, raw.indexOf(']') + 1) || 'localhost';
  return raw.replace(/:\d+$/, '').replace(/\.$/, '') || 'localhost';
}

function isLoopback(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '[::1]' ||
    /^127\.\d+\.\d+\.\d+$/.test(hostname)
  );
}

/**
 * `business.sunridge.localhost` → banner sunridge, site B. `sunridge.qa1.example.com` → qa1.
 * A label starting with "business" marks the business site; `business-sunridge` also names the
 * banner. Loopback hosts are the local-origin environment; unknown hosts are prod.
 */
export function parseHost(hostHeader: string | null | undefined, envOverride?: string): HostInfo {
  const hostname = hostnameOf(hostHeader);
  const labels = hostname.split('.');
  let siteType: SiteType = 'C';
  let bannerId: BannerId = DEFAULT_BANNER;
  let bannerFound = false;

  const first = labels[0] ?? '';
  if (first.startsWith('business')) {
    siteType = 'B';
    const rest = first.slice('business'.length).replace(/^-/, '');
    if (isBannerId(rest)) {
      bannerId = rest;
      bannerFound = true;
    }
  }
  for (const label of labels) {
    if (!bannerFound && isBannerId(label)) {
      bannerId = label;
      bannerFound = true;
    }
  }

  let environment: Environment = 'prod';
  const override = ENVIRONMENTS.find((env) => env === envOverride);
  if (override) environment = override;
  else {
    const fromSuffix = SUFFIX_ENVIRONMENTS.find((env) =>
      labels.slice(1).some((label) => label === env || label.endsWith(`-${env}`)),
    );
    if (fromSuffix) environment = fromSuffix;
    else if (isLoopback(hostname)) environment = 'local-origin';
  }
  return { hostname, bannerId, siteType, environment };
}

/** The host of another banner on the same site and domain, for cross-banner hand-offs. */
export function hostForBanner(info: HostInfo, target: BannerId, port: string | null): string {
  const labels = info.hostname.split('.');
  const parts = labels.filter((label) => !isBannerId(label) && !label.startsWith('business'));
  const base = parts.length > 0 ? parts.join('.') : 'localhost';
  const bannerPart = target === DEFAULT_BANNER ? [] : [target];
  const sitePart = info.siteType === 'B' ? ['business'] : [];
  return [...sitePart, ...bannerPart, base].join('.') + (port ? `:${port}` : '');
}
