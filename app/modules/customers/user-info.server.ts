import { createHmac } from 'node:crypto';
import { db } from '~/db/db.server';
import { cookieSecrets } from '~/modules/config/env.server';
import type { Shopper } from '~/modules/access/shopper.server';
import { bannerById } from '~/modules/banners/banners.server';
import { storeById } from '~/modules/stores/stores.server';
import { selectedAddress } from './addresses.server';
import { verificationPrompts } from '~/modules/profile/profile.server';
import { formatDeliveryAddress } from './delivery-address';
import { customerStanding } from './customer-standing.server';
import { offersSide } from '~/modules/offers/offers-side.server';

const FULFILMENT_METHOD = { Delivery: 'DELIVERY', Dug: 'DUG', J4U: 'J4U' } as const;

/** Orders a customer can still change count as pending (an order number is then known). */
const PENDING_ORDER_STATUSES = ['PLACED', 'PENDING', 'EDITING'];

async function customerRecord(customerId: number, bannerId: string) {
  const [customer, address, orders, pending] = await Promise.all([
    db().selectFrom('customers').selectAll().where('id', '=', customerId).executeTakeFirst(),
    // deliveryAddress is the address the customer selected for deliveries on this banner.
    selectedAddress(customerId, bannerId, 'DELIVERY'),
    db()
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('customer_id', '=', customerId)
      .executeTakeFirst(),
    db()
      .selectFrom('orders')
      .select(['order_number'])
      .where('customer_id', '=', customerId)
      .where('status', 'in', PENDING_ORDER_STATUSES)
      .orderBy('placed_at', 'desc')
      .executeTakeFirst(),
  ]);
  return customer ? { customer, address, orderCount: Number(orders?.n ?? 0), pending } : null;
}

/**
 * The active-session user's searchUid (decision 0086): an id a page script may attach to a signed-in customer's
 * searches, stable for the customer and unlinkable to the customer id or UUID without the storefront's secret.
 */
export function searchUidFor(uuid: string): string {
  return createHmac('sha256', cookieSecrets()[0]!).update(`search-uid:${uuid}`).digest('base64url').slice(0, 22);
}

/** The active-session user's channel: shopping in a store (J4U) or online (delivery or DriveUp & Go). */
export function channelOf(preference: string | null): 'instore' | 'online' | null {
  if (!preference) return null;
  return preference === 'J4U' ? 'instore' : 'online';
}

/**
 * Spec section 3, user info: who the shopper is and how they shop, for the page and for the
 * user-info call (which also renews a lapsed token on the way). The bearer token itself stays in its
 * HttpOnly cookie and is never handed to page scripts, also not in the active-session user.
 */
export async function userInfo(shopper: Shopper) {
  const common = shopper.session?.info.COMMON;
  const [banner, store, record] = await Promise.all([
    bannerById(shopper.host.bannerId),
    common?.storeId ? storeById(common.storeId) : Promise.resolve(undefined),
    shopper.customer
      ? customerRecord(Number(shopper.customer.customerId), shopper.host.bannerId)
      : Promise.resolve(null),
  ]);
  const preference = common?.preference ?? null;
  const storeAddress = store ? `${store.address1}, ${store.city}, ${store.state} ${store.zipcode}` : null;
  const base = {
    userType: shopper.userType,
    registered: shopper.userType === 'R' || shopper.userType === 'C',
    siteType: shopper.host.siteType,
    banner: banner.id,
    displayableBanner: banner.name,
    zipcode: common?.zipcode ?? null,
    branchId: common?.storeId ?? null,
    preferenceMode: preference,
    selectionType: common?.Selection ?? null,
    resolvedBy: common?.resolvedBy ?? null,
    isInNoServiceArea: Boolean(common?.zipcode) && !store,
    driveUpAndGoIsEnabled: store ? store.has_dug === 1 : false,
    unattendedDeliveryIsEnabled: store ? store.has_grocery_delivery === 1 : false,
    pickupAddress: preference === 'Dug' ? storeAddress : null,
  };
  const j4u = {
    storeId: shopper.session?.info.J4U?.storeId ?? common?.storeId ?? null,
    zipcode: shopper.session?.info.J4U?.zipcode ?? common?.zipcode ?? null,
  };
  if (!record || !shopper.customer)
    return { ...base, j4u: await offersSide({ ...j4u, userData: null }), customer: null, activeSession: null };
  const { customer, address, orderCount, pending } = record;
  const [prompts, standing, offers] = await Promise.all([
    verificationPrompts(customer.id, {
      email: customer.email_verified === 1,
      phone: customer.phone_verified === 1,
    }),
    customerStanding(customer.id, shopper.host.bannerId),
    offersSide({
      ...j4u,
      userData: {
        customerId: String(customer.id),
        houseId: customer.house_id,
        clubCard: customer.club_card,
        firstName: customer.first_name,
      },
    }),
  ]);
  const claims = shopper.customer;
  return {
    ...base,
    j4u: offers,
    customer: {
      customerId: String(customer.id),
      UUID: customer.uuid,
      userId: customer.email,
      clubCard: customer.club_card,
      houseId: customer.house_id,
      firstName: customer.first_name,
      lastName: customer.last_name,
      email: customer.email,
      profileEmail: customer.email,
      profilePhone: customer.phone,
      customerType: customer.customer_type,
      extendedType: customer.site_type === 'B' ? 'BUSINESS' : 'CONSUMER',
      deliveryPreference: FULFILMENT_METHOD[customer.preference as keyof typeof FULFILMENT_METHOD] ?? null,
      deliveryAddress: address
        ? formatDeliveryAddress({
            type: address.address_types.split(',')[0] ?? '',
            adr1: address.address1,
            adr2: address.address2,
            city: address.city,
            st: address.state_code,
            zip: address.postal_code,
            addressName: address.address_name,
          })
        : null,
      orderCount,
      orderNumber: pending?.order_number ?? null,
      emailVerified: customer.email_verified === 1,
      phoneVerified: customer.phone_verified === 1,
      // Whether the verification prompt is due (unverified, and not shown in the last 180 days).
      emailPrompt180: prompts.emailPrompt180,
      phonePrompt180: prompts.phonePrompt180,
      expireTime: claims.exp * 1000,
      multiAccounts: standing?.multiAccounts ?? false,
      isClosed: standing?.isClosed ?? false,
      isCrossBannerMFCUser: standing?.isCrossBannerMFCUser ?? false,
      isARenrolled: standing?.isARenrolled ?? false,
      dprefVisited: standing?.dprefVisited ?? false,
      boxTopAuth: standing?.boxTopAuth ?? false,
    },
    // Spec section 3, active session user: only while the token is active (C); the token itself stays HttpOnly.
    activeSession:
      shopper.userType === 'C'
        ? {
            customerId: String(customer.id),
            tokenExpiration: claims.exp * 1000,
            firstName: customer.first_name,
            clubCardNumber: customer.club_card,
            hhid: customer.house_id,
            uuid: customer.uuid,
            storeId: common?.storeId ?? null,
            zipcode: common?.zipcode ?? null,
            channel: channelOf(preference),
            storeAddress,
            searchUid: searchUidFor(customer.uuid),
          }
        : null,
  };
}

export type UserInfo = Awaited<ReturnType<typeof userInfo>>;
