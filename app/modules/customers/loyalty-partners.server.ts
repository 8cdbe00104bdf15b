import { db } from '~/db/db.server';
import { LOYALTY_PARTNERS, maskMemberId, type LoyaltyPartnerCode } from './loyalty-partners';

export interface LoyaltyPartnerView {
  code: LoyaltyPartnerCode;
  name: string;
  description: string;
  linked: boolean;
  memberId: string | null;
  linkedAt: string | null;
}

/** Every partner, with the customer's link (member number masked) when there is one. */
export async function customerLoyaltyPartners(customerId: number): Promise<LoyaltyPartnerView[]> {
  const links = await db()
    .selectFrom('customer_loyalty_partners')
    .select(['partner_code', 'member_id', 'linked_at'])
    .where('customer_id', '=', customerId)
    .execute();
  return LOYALTY_PARTNERS.map((partner) => {
    const link = links.find((row) => row.partner_code === partner.code);
    return {
      code: partner.code,
      name: partner.name,
      description: partner.description,
      linked: Boolean(link),
      memberId: link ? maskMemberId(link.member_id) : null,
      linkedAt: link?.linked_at ?? null,
    };
  });
}

export type LinkResult = { ok: true } | { ok: false; code: 'BAD_MEMBER_ID'; message: string };

/** Links (or re-links with a new number) one partner account; the number's length is the partner's rule. */
export async function linkLoyaltyPartner(
  customerId: number,
  code: LoyaltyPartnerCode,
  memberId: string,
  now = new Date(),
): Promise<LinkResult> {
  const partner = LOYALTY_PARTNERS.find((candidate) => candidate.code === code)!;
  const { min, max } = partner.memberIdLength;
  if (memberId.length < min || memberId.length > max) {
    return {
      ok: false,
      code: 'BAD_MEMBER_ID',
      message: `A ${partner.name} member number has ${min} to ${max} digits.`,
    };
  }
  const linkedAt = now.toISOString();
  await db()
    .insertInto('customer_loyalty_partners')
    .values({ customer_id: customerId, partner_code: code, member_id: memberId, linked_at: linkedAt })
    .onConflict((conflict) =>
      conflict.columns(['customer_id', 'partner_code']).doUpdateSet({ member_id: memberId, linked_at: linkedAt }),
    )
    .execute();
  return { ok: true };
}

/** Unlinks one partner; false when it was not linked. */
export async function unlinkLoyaltyPartner(customerId: number, code: LoyaltyPartnerCode): Promise<boolean> {
  const result = await db()
    .deleteFrom('customer_loyalty_partners')
    .where('customer_id', '=', customerId)
    .where('partner_code', '=', code)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
