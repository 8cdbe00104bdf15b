import type { Shopper } from '~/modules/access/shopper.server';
import type { SiteType } from '~/modules/banners/hosts';
import { bannerById } from '~/modules/banners/banners.server';
import { readSignedCookie } from '~/modules/session/session-cookie.server';
import { storeIdSchema } from '~/modules/session/session-schema';
import type { Language } from '~/modules/i18n/languages';

/** Who looks at offers: their banner, the customer (signed-in only) and the store whose offers they see. */
export interface OfferViewer {
  bannerId: string;
  customerId: number | null;
  storeId: number;
  /** The site the offers are seen on (business customers see business prices there); consumer when absent. */
  siteType?: SiteType;
  /** The language offer titles and descriptions are read in (decision 0123); English when absent. */
  language?: Language;
}

/**
 * The offers store: in edit-order mode the order's store (OrderStoreId cookie) overrides the session's
 * (spec section 4); otherwise the offers (J4U) store, the chosen store, or the banner's default store.
 */
export async function offerViewer(request: Request, shopper: Shopper): Promise<OfferViewer> {
  const editing = await readSignedCookie(request, 'orderStoreId', shopper.cookie.siteType, (value) => {
    const parsed = storeIdSchema.safeParse(value);
    return parsed.success ? parsed.data : null;
  });
  const session = shopper.session?.info;
  const sessionStore = session?.J4U?.storeId ?? session?.COMMON.storeId;
  const storeId =
    editing.status === 'ok'
      ? Number(editing.value)
      : sessionStore
        ? Number(sessionStore)
        : (await bannerById(shopper.host.bannerId)).default_store_id;
  return {
    bannerId: shopper.host.bannerId,
    customerId: shopper.userType === 'C' && shopper.customer ? Number(shopper.customer.customerId) : null,
    storeId,
    siteType: shopper.host.siteType,
    language: shopper.language,
  };
}
