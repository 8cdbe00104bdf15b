import { db } from '~/db/db.server';
import { PREFERENCE_DEF_IDS } from '~/modules/profile/profile-payload';

/**
 * Spec section 3 user-info flags, each read from the customer's own records (docs/decisions/0086):
 * - isClosed: the account was closed (customers.closed_at).
 * - isCrossBannerMFCUser: the customer has an order from a banner other than the account's own (shops across the
 *   company's banners, whose stores fulfil from one shared network).
 * - isARenrolled: enrolled in the rewards programme (a club card, and a store of the account's whose rewards
 *   programme id is set).
 * - dprefVisited: the customer has been through the delivery-preference step on this banner: a fulfilment method
 *   is saved in their profile (customer_preferences), so page scripts need not send them to it again.
 * - boxTopAuth: a Box Tops for Education account is linked (loyalty partners).
 * - multiAccounts: another open account shares the customer's household id.
 */
export interface CustomerStanding {
  isClosed: boolean;
  isCrossBannerMFCUser: boolean;
  isARenrolled: boolean;
  dprefVisited: boolean;
  boxTopAuth: boolean;
  multiAccounts: boolean;
}

export async function customerStanding(customerId: number, bannerId: string): Promise<CustomerStanding | null> {
  const customer = await db()
    .selectFrom('customers')
    .leftJoin('stores', 'stores.id', 'customers.store_id')
    .select([
      'customers.banner_id',
      'customers.club_card',
      'customers.house_id',
      'customers.closed_at',
      'stores.rewards_program_id',
    ])
    .where('customers.id', '=', customerId)
    .executeTakeFirst();
  if (!customer) return null;
  const [otherBannerOrder, welcome, boxTops, household] = await Promise.all([
    db()
      .selectFrom('orders')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('banner_id', '!=', customer.banner_id)
      .limit(1)
      .executeTakeFirst(),
    db()
      .selectFrom('customer_preferences')
      .select('value')
      .where('customer_id', '=', customerId)
      .where('banner_id', '=', bannerId)
      .where('preference_def_id', '=', PREFERENCE_DEF_IDS.fulfillmentMethod)
      .executeTakeFirst(),
    db()
      .selectFrom('customer_loyalty_partners')
      .select('partner_code')
      .where('customer_id', '=', customerId)
      .where('partner_code', '=', 'BOXTOPS')
      .executeTakeFirst(),
    customer.house_id
      ? db()
          .selectFrom('customers')
          .select('id')
          .where('house_id', '=', customer.house_id)
          .where('id', '!=', customerId)
          .where('closed_at', 'is', null)
          .limit(1)
          .executeTakeFirst()
      : Promise.resolve(undefined),
  ]);
  return {
    isClosed: customer.closed_at !== null,
    isCrossBannerMFCUser: Boolean(otherBannerOrder),
    isARenrolled: Boolean(customer.club_card) && Boolean(customer.rewards_program_id),
    dprefVisited: Boolean(welcome),
    boxTopAuth: Boolean(boxTops),
    multiAccounts: Boolean(household),
  };
}
