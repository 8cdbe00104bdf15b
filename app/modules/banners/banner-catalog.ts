import type { BannerId } from './hosts';

/** The retail banners (fictional) and where their stores are. Seed data and host parsing share it. */
export interface BannerDefinition {
  id: BannerId;
  name: string;
  logoText: string;
  tagline: string;
  colors: { primary: string; dark: string; soft: string; accent: string };
  /** Real ZIP codes of the metro areas the banner serves; stores are placed at ZIPs near them. */
  metroZips: string[];
  storeIdBase: number;
}

export const BANNERS: BannerDefinition[] = [
  {
    id: 'greenleaf',
    name: 'Greenleaf Market',
    logoText: 'greenleaf',
    tagline: 'Fresh from the Northwest, delivered.',
    colors: { primary: '#16803c', dark: '#0e5a2a', soft: '#e8f5ec', accent: '#facc15' },
    metroZips: ['98101', '98402', '97201', '99201', '97401', '98501'],
    storeIdBase: 1000,
  },
  {
    id: 'sunridge',
    name: 'Sunridge Foods',
    logoText: 'sunridge',
    tagline: 'Sunny prices, California fresh.',
    colors: { primary: '#c2410c', dark: '#9a3412', soft: '#fff1e6', accent: '#fde047' },
    metroZips: ['90012', '92101', '95814', '93721', '92501'],
    storeIdBase: 2000,
  },
  {
    id: 'bayside',
    name: 'Bayside Grocers',
    logoText: 'bayside',
    tagline: 'Your neighborhood grocer by the bay.',
    colors: { primary: '#1d4ed8', dark: '#1e3a8a', soft: '#e8efff', accent: '#fbbf24' },
    metroZips: ['94103', '94607', '95113', '95401', '97201'],
    storeIdBase: 3000,
  },
  {
    id: 'mesa',
    name: 'Mesa Fresh',
    logoText: 'mesa',
    tagline: 'Desert-grown goodness, every day.',
    colors: { primary: '#b45309', dark: '#78350f', soft: '#fdf3e3', accent: '#34d399' },
    metroZips: ['85004', '85701', '80202', '87102', '80903'],
    storeIdBase: 4000,
  },
];

export function bannerDefinition(id: string): BannerDefinition | undefined {
  return BANNERS.find((banner) => banner.id === id);
}
