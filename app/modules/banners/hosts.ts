/**
 * What a Host header says about a request: which banner and which site (consumer C or business B).
 * The environment is never the request's to choose: it comes from the server's configuration
 * (app/modules/config/environment.server.ts) and is only carried here. Pure, so it is shared by the
 * server and unit tests.
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

function isBannerId(value: string): value is BannerId {
  return (BANNER_IDS as readonly string[]).includes(value);
}

export function hostnameOf(hostHeader: string | null | undefined): string {
  const raw = (hostHeader ?? '').trim().toLowerCase();
  if (raw.startsWith('[')) return raw.slice(0, raw.indexOf(']') + 1) || 'localhost';
  return raw.replace(/:\d+$/, '').replace(/\.$/, '') || 'localhost';
}

/**
 * `business.sunridge.localhost` → banner sunridge, site B. A label starting with "business" marks
 * the business site; `business-sunridge` also names the banner. A host naming no known banner is the
 * default banner. `environment` is the configured one, whatever the host says.
 */
export function parseHost(hostHeader: string | null | undefined, environment: Environment): HostInfo {
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
