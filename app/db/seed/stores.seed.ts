import zipcodes from 'zipcodes';
import zipToTimezone from 'zipcode-to-timezone';
import { BANNERS, type BannerDefinition } from '~/modules/banners/banner-catalog';
import type { Flag, StoreTable } from '../schema';
import type { SeededRandom } from './random';

const STREETS = [
  'Main',
  'Pine',
  'Oak',
  'Maple',
  'Cedar',
  'Elm',
  'Market',
  'Harbor',
  'Broadway',
  'Lincoln',
  'Madison',
  'Washington',
  'Jefferson',
  'Park',
  'Lake',
  'Hill',
  'River',
  'Sunset',
  'Mission',
  'Valley',
  'Mountain View',
  'Fairview',
  'Highland',
  'Willow',
  'Aspen',
  'Juniper',
  'Canyon',
];
const SUFFIXES = ['St', 'Ave', 'Blvd', 'Rd', 'Way', 'Dr', 'Pkwy'];
const HOURS = ['06:00-23:00', '07:00-22:00', '06:00-24:00', '05:00-23:00', '07:00-23:00'];

export const STORES_PER_BANNER = 42;

interface ZipInfo {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
}

function flag(value: boolean): Flag {
  return value ? 1 : 0;
}

/** ZIP codes within 30 miles of each metro centre, from the zipcodes data package. */
function candidateZips(banner: BannerDefinition): ZipInfo[] {
  const seen = new Set<string>();
  const result: ZipInfo[] = [];
  // A "city" that owns a single ZIP code is usually one organisation's own ZIP (a bank, a
  // university): keep only places with several ZIP codes, where people live and shop.
  const cityZipCounts = new Map<string, number>();
  for (const center of banner.metroZips) {
    for (const zip of zipcodes.radius(center, 30) as string[]) {
      const info = zipcodes.lookup(zip);
      if (info)
        cityZipCounts.set(`${info.state}|${info.city}`, (cityZipCounts.get(`${info.state}|${info.city}`) ?? 0) + 1);
    }
  }
  for (const center of banner.metroZips) {
    const nearby = zipcodes.radius(center, 30) as string[];
    for (const zip of nearby) {
      if (seen.has(zip)) continue;
      const info = zipcodes.lookup(zip);
      if (!info || typeof info.latitude !== 'number' || !zipToTimezone.lookup(zip)) continue;
      if ((cityZipCounts.get(`${info.state}|${info.city}`) ?? 0) < 2 && !banner.metroZips.includes(zip)) continue;
      seen.add(zip);
      result.push({ zip, latitude: info.latitude, longitude: info.longitude, city: info.city, state: info.state });
    }
  }
  return result.sort((a, b) => a.zip.localeCompare(b.zip));
}

/** Store ids: mostly four digits; each banner also has a three- and a two-digit store. */
function storeIdFor(banner: BannerDefinition, index: number, bannerIndex: number): number {
  if (index === 1) return 100 + bannerIndex * 111; // 100, 211, 322, 433
  if (index === 2) return 10 + bannerIndex * 11; // 10, 21, 32, 43
  return banner.storeIdBase + index * 7 + 1;
}

export function generateStores(random: SeededRandom): StoreTable[] {
  const stores: StoreTable[] = [];
  BANNERS.forEach((banner, bannerIndex) => {
    const zips = candidateZips(banner);
    // Metro centres first, so every metro has a store; the rest spread over the area.
    const centres = banner.metroZips
      .map((zip) => zips.find((z) => z.zip === zip))
      .filter((z): z is ZipInfo => Boolean(z));
    const others = random.shuffle(zips.filter((z) => !banner.metroZips.includes(z.zip)));
    const chosen = [...centres, ...others].slice(0, STORES_PER_BANNER);
    const priceFactor = 9_600 + bannerIndex * 250;
    const cityNames = new Set<string>();
    chosen.forEach((place, index) => {
      const id = storeIdFor(banner, index, bannerIndex);
      const street = random.pick(STREETS);
      // A second store in the same city is told apart by its street, as shoppers do.
      const name = cityNames.has(place.city)
        ? `${banner.name} ${place.city} ${street}`
        : `${banner.name} ${place.city}`;
      cityNames.add(place.city);
      const wineEnabled = random.chance(0.45);
      const hasRewards = random.chance(0.9);
      stores.push({
        id,
        banner_id: banner.id,
        name,
        address1: `${random.int(100, 9899)} ${street} ${random.pick(SUFFIXES)}`,
        city: place.city,
        state: place.state,
        zipcode: place.zip,
        latitude: place.latitude,
        longitude: place.longitude,
        timezone: zipToTimezone.lookup(place.zip) ?? 'America/Los_Angeles',
        phone: `(${random.int(200, 989)}) ${random.int(200, 989)}-${String(random.int(0, 9999)).padStart(4, '0')}`,
        hours: random.pick(HOURS),
        has_grocery_delivery: flag(index === 0 || random.chance(0.85)),
        has_dug: flag(index === 0 || random.chance(0.75)),
        has_rush_delivery: flag(random.chance(0.3)),
        has_grocery_rewards: flag(index === 0 || hasRewards),
        is_wine_d2c_enabled: flag(index === 0 || wineEnabled),
        // A few wine-enabled stores lack a wine store id: the spec removes it from the session then.
        wfc_store_id: index === 0 || (wineEnabled && random.chance(0.9)) ? `WFC${id}` : null,
        delivery_radius_miles: random.int(10, 25),
        price_factor_bp: priceFactor + random.int(-150, 150),
        gas_rewards_id: random.chance(0.6) ? `GAS-${banner.id.toUpperCase()}-${random.int(10, 99)}` : null,
        rewards_program_id: hasRewards ? `RP-${banner.id.toUpperCase()}` : null,
        partner_fuel_logo: random.chance(0.5) ? '/images/partner-fuel.svg' : null,
        partner_max_redemption: random.int(1, 3),
        own_max_redemption: random.int(3, 6),
      });
    });
  });
  return stores;
}
