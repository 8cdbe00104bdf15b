import { randomInt, randomUUID } from 'node:crypto';
import { db } from '~/db/db.server';
import type { HostInfo } from '~/modules/banners/hosts';
import { bannerById } from '~/modules/banners/banners.server';
import { resolveStoresByZip } from '~/modules/stores/store-resolver.server';
import { customerByEmail, normalizeEmail } from './customers.server';
import { hashPassword } from './passwords.server';
import type { BusinessRegistration, Registration } from './registration-schema';
import { issueSessionToken } from './session-tokens.server';

export const EMAIL_TAKEN_MESSAGE =
  'An account with that email already exists. Sign in, or reset your password if you forgot it.';
export const BUSINESS_DETAILS_MESSAGE = 'Enter your company name and tax id (EIN) to open a business account.';

/**
 * Creates a customer with a club card and household id, at the banner's nearest store to their ZIP
 * code, and returns a sessionToken for the automatic sign-in that follows (kept signed in). On the
 * business site the account is a business one and must name its company and EIN; on the consumer
 * site company fields are never stored.
 */
export async function registerCustomer(host: HostInfo, input: Registration | BusinessRegistration) {
  const business = host.siteType === 'B' ? businessDetails(input) : null;
  if (host.siteType === 'B' && !business)
    return { ok: false as const, field: 'companyName' as const, message: BUSINESS_DETAILS_MESSAGE };
  if (await customerByEmail(input.email)) return { ok: false as const, field: undefined, message: EMAIL_TAKEN_MESSAGE };
  const [nearest, banner, passwordHash] = await Promise.all([
    resolveStoresByZip({ banner: host.bannerId, zipcode: input.zipcode, size: 1 }).catch(() => null),
    bannerById(host.bannerId),
    hashPassword(input.password),
  ]);
  const storeId = nearest?.ok ? Number(nearest.stores[0]!.storeId) : banner.default_store_id;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const id = await db()
        .transaction()
        .execute(async (trx) => {
          const max = await trx
            .selectFrom('customers')
            .select((eb) => eb.fn.max('id').as('max'))
            .executeTakeFirst();
          const next = Math.max(Number(max?.max ?? 0), 600_000) + 1;
          await trx
            .insertInto('customers')
            .values({
              id: next,
              uuid: randomUUID(),
              email: normalizeEmail(input.email),
              first_name: input.firstName,
              last_name: input.lastName,
              phone: input.phone,
              club_card: `${randomInt(100_000, 999_999)}${randomInt(100_000, 999_999)}`,
              house_id: `HH${randomInt(100_000_000, 999_999_999)}`,
              banner_id: host.bannerId,
              site_type: host.siteType,
              customer_type: host.siteType === 'B' ? 'business' : 'consumer',
              company_name: business?.companyName ?? null,
              tax_id: business?.taxId ?? null,
              password_hash: passwordHash,
              zipcode: input.zipcode,
              store_id: storeId,
              preference: 'Delivery',
              email_verified: 0,
              phone_verified: 0,
              created_at: new Date().toISOString(),
            })
            .execute();
          return next;
        });
      const sessionToken = await issueSessionToken(id, { remember: true, method: 'registration' });
      return { ok: true as const, customerId: id, sessionToken };
    } catch (error) {
      // Two sign-ups at once can pick the same id; the email is unique, so only retry on the id.
      if (await customerByEmail(input.email))
        return { ok: false as const, field: undefined, message: EMAIL_TAKEN_MESSAGE };
      if (attempt === 4) throw error;
    }
  }
  throw new Error('unreachable');
}

function businessDetails(input: Registration | BusinessRegistration) {
  return 'companyName' in input && 'taxId' in input && input.companyName && input.taxId
    ? { companyName: input.companyName, taxId: input.taxId }
    : null;
}
