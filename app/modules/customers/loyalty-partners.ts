/**
 * Page-safe: the loyalty partners a customer can link (spec section 7, customers/{customerId}/loyaltypartners;
 * docs/decisions/0086). Box Tops for Education credits a school on every purchase; the fuel partner is the one whose
 * logo stores with partner fuel rewards show (stores.partner_fuel_logo).
 */
export const LOYALTY_PARTNERS = [
  {
    code: 'BOXTOPS',
    name: 'Box Tops for Education',
    description: 'Earn cash for a school you choose on every order.',
    memberIdLength: { min: 8, max: 12 },
  },
  {
    code: 'FUEL',
    name: 'Partner fuel rewards',
    description: 'Redeem fuel rewards at partner stations near stores that offer them.',
    memberIdLength: { min: 10, max: 16 },
  },
] as const;

export type LoyaltyPartnerCode = (typeof LOYALTY_PARTNERS)[number]['code'];
export const LOYALTY_PARTNER_CODES = LOYALTY_PARTNERS.map((partner) => partner.code) as [
  LoyaltyPartnerCode,
  ...LoyaltyPartnerCode[],
];

/** The last four digits only: a member number is shown masked, never whole. */
export function maskMemberId(memberId: string): string {
  return `•••• ${memberId.slice(-4)}`;
}
