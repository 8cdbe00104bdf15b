import { bannerById, bannerCssVariables } from '~/modules/banners/banners.server';
import { greetingName } from '~/modules/customers/greeting';
import { clippedOfferCount } from '~/modules/offers/clips.server';
import { storeById } from '~/modules/stores/stores.server';
import type { Shopper } from './shopper.server';

/** What the header and footer show on every page: banner, chosen store, who is signed in. */
export async function storefrontChrome(shopper: Shopper) {
  const common = shopper.session?.info.COMMON;
  const customerId = shopper.userType === 'C' && shopper.customer ? Number(shopper.customer.customerId) : null;
  const [banner, store, clippedOffers] = await Promise.all([
    bannerById(shopper.host.bannerId),
    common?.storeId ? storeById(common.storeId) : Promise.resolve(undefined),
    customerId === null ? Promise.resolve(null) : clippedOfferCount({ bannerId: shopper.host.bannerId, customerId }),
  ]);
  return {
    banner: {
      id: banner.id,
      name: banner.name,
      logoText: banner.logo_text,
      tagline: banner.tagline,
      cssVariables: bannerCssVariables(banner),
    },
    siteType: shopper.host.siteType,
    environment: shopper.host.environment,
    userType: shopper.userType,
    store: store ? { id: store.id, name: store.name, city: store.city, zipcode: store.zipcode } : null,
    preference: common?.preference ?? null,
    zipcode: common?.zipcode ?? null,
    greeting: shopper.customer?.firstName ? greetingName(shopper.customer.firstName) : null,
    firstName: shopper.userType === 'C' ? (shopper.customer?.firstName ?? null) : null,
    /** Spec section 7, mylist count: the header's count of clipped offers (signed-in customers). */
    clippedOffers,
  };
}

export type StorefrontChrome = Awaited<ReturnType<typeof storefrontChrome>>;
