import { db } from '~/db/db.server';
import type { SiteType } from '~/modules/banners/hosts';
import type { Shopper } from '~/modules/access/shopper.server';
import type { PriceTier } from './pricing';

/**
 * Which prices a customer pays on a site: the business tier only for a business customer on the
 * business site; shelf prices for everyone else (guests and consumer accounts included).
 */
export async function customerPriceTier(customerId: number | null, siteType: SiteType): Promise<PriceTier> {
  if (siteType !== 'B' || customerId === null) return 'consumer';
  const row = await db()
    .selectFrom('customers')
    .select('customer_type')
    .where('id', '=', customerId)
    .executeTakeFirst();
  return row?.customer_type === 'business' ? 'business' : 'consumer';
}

/** The tier of the shopper behind a request: a signed-in (verified token) customer, on this host's site. */
export function shopperPriceTier(shopper: Pick<Shopper, 'host' | 'userType' | 'customer'>): Promise<PriceTier> {
  const customerId = shopper.userType === 'C' && shopper.customer ? Number(shopper.customer.customerId) : null;
  return customerPriceTier(customerId, shopper.host.siteType);
}

/** The tier a cart is priced at: its owner's, on the cart's site (a guest cart pays shelf prices). */
export async function cartPriceTier(cartId: string): Promise<PriceTier> {
  const row = await db()
    .selectFrom('carts')
    .select(['customer_id', 'site_type'])
    .where('id', '=', cartId)
    .executeTakeFirst();
  if (!row) return 'consumer';
  return customerPriceTier(row.customer_id, row.site_type);
}
