import { bannerStyleText } from '~/modules/banners/banner-style';
import { bannerById, bannerCssVariables } from '~/modules/banners/banners.server';
import { greetingName } from '~/modules/customers/greeting';
import { storeById } from '~/modules/stores/stores.server';
import type { Shopper } from './shopper.server';

/**
 * What the header and footer show on every page: banner, chosen store, who is signed in; a signed-in customer's
 * clip count comes with the rest of their header (customerHeader).
 */
export async function storefrontChrome(shopper: Shopper) {
  const common = shopper.session?.info.COMMON;
  const [banner, store] = await Promise.all([
    bannerById(shopper.host.bannerId),
    common?.storeId ? storeById(common.storeId) : Promise.resolve(undefined),
  ]);
  return {
    banner: {
      id: banner.id,
      name: banner.name,
      logoText: banner.logo_text,
      tagline: banner.tagline,
      /** The root's <style> text (`:root{--brand:…}`). */
      styleText: bannerStyleText(bannerCssVariables(banner)),
    },
    siteType: shopper.host.siteType,
    environment: shopper.host.environment,
    userType: shopper.userType,
    language: shopper.language,
    store: store ? { id: store.id, name: store.name, city: store.city, zipcode: store.zipcode } : null,
    preference: common?.preference ?? null,
    zipcode: common?.zipcode ?? null,
    greeting: shopper.customer?.firstName ? greetingName(shopper.customer.firstName) : null,
    firstName: shopper.userType === 'C' ? (shopper.customer?.firstName ?? null) : null,
  };
}

export type StorefrontChrome = Awaited<ReturnType<typeof storefrontChrome>> & {
  /** Spec section 7, mylist count: the header's count of clipped offers (signed-in customers; customerHeader). */
  clippedOffers: number | null;
};
