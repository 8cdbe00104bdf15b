import { db } from '~/db/db.server';

/** What the account overview shows; every query carries the customer id (ownership in the data layer). */
export async function accountSummary(customerId: number) {
  const [customer, orders, clips] = await Promise.all([
    db()
      .selectFrom('customers')
      .select(['first_name', 'last_name', 'email', 'phone', 'club_card', 'house_id', 'customer_type', 'company_name'])
      .where('id', '=', customerId)
      .executeTakeFirst(),
    db()
      .selectFrom('orders')
      .select(['order_number', 'status', 'placed_at', 'total_cents'])
      .where('customer_id', '=', customerId)
      .orderBy('placed_at', 'desc')
      .limit(3)
      .execute(),
    db()
      .selectFrom('clips')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('customer_id', '=', customerId)
      .executeTakeFirst(),
  ]);
  if (!customer) return null;
  return {
    name: `${customer.first_name} ${customer.last_name}`,
    email: customer.email,
    phone: customer.phone,
    clubCard: customer.club_card,
    householdId: customer.house_id,
    company: customer.company_name,
    clippedOffers: Number(clips?.n ?? 0),
    recentOrders: orders.map((order) => ({
      number: order.order_number,
      status: order.status,
      placedAt: order.placed_at,
      totalCents: order.total_cents,
    })),
  };
}
