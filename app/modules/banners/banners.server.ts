import { db } from '~/db/db.server';
import type { BannerTable } from '~/db/schema';
import { DEFAULT_BANNER, type BannerId } from './hosts';

export type Banner = BannerTable;

let cache: Promise<Map<string, Banner>> | undefined;

async function loadBanners(): Promise<Map<string, Banner>> {
  const rows = await db().selectFrom('banners').selectAll().orderBy('position').execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** Banners change only with a re-seed, so each process reads them once. */
export async function bannerById(id: BannerId): Promise<Banner> {
  cache ??= loadBanners().catch((error: unknown) => {
    cache = undefined;
    throw error;
  });
  const banners = await cache;
  const banner = banners.get(id) ?? banners.get(DEFAULT_BANNER);
  if (!banner) throw new Error('No banners in the database: run `npm run seed`.');
  return banner;
}

/** The banner's colours as the CSS variables tailwind.config.ts reads (space-separated RGB). */
export function bannerCssVariables(banner: Banner): Record<string, string> {
  const rgb = (hex: string) => {
    const value = Number.parseInt(hex.replace('#', ''), 16);
    return `${(value >> 16) & 255} ${(value >> 8) & 255} ${value & 255}`;
  };
  return {
    '--brand': rgb(banner.color_primary),
    '--brand-dark': rgb(banner.color_dark),
    '--brand-soft': rgb(banner.color_soft),
    '--brand-accent': rgb(banner.color_accent),
  };
}
