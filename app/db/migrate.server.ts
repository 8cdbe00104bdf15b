import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { DialectName } from './dialect';
import { initialSchema } from './migrations/0001-initial';
import { identitySchema } from './migrations/0002-identity';
import { passwordResetsSchema } from './migrations/0003-password-resets';
import { searchSchema } from './migrations/0004-search';
import { rewardsSchema } from './migrations/0005-rewards';
import { cartOrdersSchema } from './migrations/0006-cart-orders';
import { profileSchema } from './migrations/0007-profile';
import { passkeysSchema } from './migrations/0008-passkeys';
import { addressSelectionsSchema } from './migrations/0009-address-selections';
import { subscriptionsPharmacySchema } from './migrations/0010-subscriptions-pharmacy';
import { shippingSchema } from './migrations/0012-shipping';
import { searchOrderSchema } from './migrations/0013-search-order';
import { tokenRenewalsSchema } from './migrations/0014-token-renewals';
import { healthProbeSchema } from './migrations/0015-health-probe';
import { shopperStateVersionsSchema } from './migrations/0016-shopper-state-versions';
import { searchFactsSchema } from './migrations/0017-search-facts';
import { searchFactsInStepSchema } from './migrations/0018-search-facts-in-step';
import { rateLimitExpirySchema } from './migrations/0020-rate-limit-expiry';
import { searchCacheVersionSchema } from './migrations/0021-search-cache-version';
import { oidcAccountIdSchema } from './migrations/0022-oidc-account-id';
import { signInDelaysSchema } from './migrations/0023-sign-in-delays';
import { sessionTokenBindingSchema } from './migrations/0024-session-token-binding';
import { searchSynonymsSchema } from './migrations/0025-search-synonyms';
import { popularityPriorSchema } from './migrations/0026-popularity-prior';
import { searchIntentsSchema } from './migrations/0027-search-intents';
import { outboxDeliverySchema } from './migrations/0028-outbox-delivery';
import { staffRolesSchema } from './migrations/0029-staff-roles';
import { orderFulfilmentSchema } from './migrations/0030-order-fulfilment';
import { slotClosingSchema } from './migrations/0031-slot-closing';
import { customerStandingSchema } from './migrations/0032-customer-standing';
import { profilePromptSchema } from './migrations/0034-profile-prompt';
import { homeContentSchema } from './migrations/0035-home-content';
import { outboxExpirySchema } from './migrations/0036-outbox-expiry';
import { samlAnsweredRequestsSchema } from './migrations/0037-saml-answered-requests';
import { specialOccasionsSchema } from './migrations/0038-special-occasions';
import { referralsSchema } from './migrations/0039-referrals';
import { storeCustomFieldsSchema } from './migrations/0040-store-custom-fields';
import { marketingEmailSchema } from './migrations/0041-marketing-email';
import { loyaltyCardsSchema } from './migrations/0042-loyalty-cards';
import { promoCodesSchema } from './migrations/0043-promo-codes';
import { shoppingListsSchema } from './migrations/0044-shopping-lists';
import { checkoutExtrasSchema } from './migrations/0045-checkout-extras';
import { allergenFiltersSchema } from './migrations/0046-allergen-filters';
import { weeklyAdSchema } from './migrations/0047-weekly-ad';
import { snapFlagSchema } from './migrations/0049-snap-flag';
import { preferredLanguageSchema } from './migrations/0050-preferred-language';
import { homeContentSpanishSchema } from './migrations/0051-home-content-spanish';
import { aisleScopedTagTokensSchema } from './migrations/0052-aisle-scoped-tag-tokens';
import { catalogueSpanishSchema } from './migrations/0053-catalogue-spanish';
import { recipesSpanishSchema } from './migrations/0054-recipes-spanish';
import { sellerTaglinesSpanishSchema } from './migrations/0055-seller-taglines-spanish';

function migrationsFor(dialect: DialectName): Record<string, Migration> {
  return {
    '0001-initial': initialSchema(dialect),
    '0002-identity': identitySchema(dialect),
    '0003-password-resets': passwordResetsSchema,
    '0004-search': searchSchema(dialect),
    '0005-rewards': rewardsSchema(dialect),
    '0006-cart-orders': cartOrdersSchema(dialect),
    '0007-profile': profileSchema(dialect),
    '0008-passkeys': passkeysSchema,
    '0009-address-selections': addressSelectionsSchema,
    '0010-subscriptions-pharmacy': subscriptionsPharmacySchema(dialect),
    '0012-shipping': shippingSchema,
    '0013-search-order': searchOrderSchema(dialect),
    '0014-token-renewals': tokenRenewalsSchema,
    '0015-health-probe': healthProbeSchema,
    '0016-shopper-state-versions': shopperStateVersionsSchema,
    '0017-search-facts': searchFactsSchema(dialect),
    '0018-search-facts-in-step': searchFactsInStepSchema(dialect),
    '0020-rate-limit-expiry': rateLimitExpirySchema,
    '0021-search-cache-version': searchCacheVersionSchema(dialect),
    '0022-oidc-account-id': oidcAccountIdSchema(dialect),
    '0023-sign-in-delays': signInDelaysSchema,
    '0024-session-token-binding': sessionTokenBindingSchema,
    '0025-search-synonyms': searchSynonymsSchema(dialect),
    '0026-popularity-prior': popularityPriorSchema,
    '0027-search-intents': searchIntentsSchema,
    '0028-outbox-delivery': outboxDeliverySchema,
    '0029-staff-roles': staffRolesSchema,
    '0030-order-fulfilment': orderFulfilmentSchema(dialect),
    '0031-slot-closing': slotClosingSchema,
    '0032-customer-standing': customerStandingSchema,
    '0034-profile-prompt': profilePromptSchema,
    '0035-home-content': homeContentSchema,
    '0036-outbox-expiry': outboxExpirySchema,
    '0037-saml-answered-requests': samlAnsweredRequestsSchema,
    '0038-special-occasions': specialOccasionsSchema,
    '0039-referrals': referralsSchema,
    '0040-store-custom-fields': storeCustomFieldsSchema,
    '0041-marketing-email': marketingEmailSchema,
    '0042-loyalty-cards': loyaltyCardsSchema,
    '0043-promo-codes': promoCodesSchema(dialect),
    '0044-shopping-lists': shoppingListsSchema(dialect),
    '0045-checkout-extras': checkoutExtrasSchema,
    '0046-allergen-filters': allergenFiltersSchema,
    '0047-weekly-ad': weeklyAdSchema(dialect),
    '0049-snap-flag': snapFlagSchema,
    '0050-preferred-language': preferredLanguageSchema,
    '0051-home-content-spanish': homeContentSpanishSchema,
    '0052-aisle-scoped-tag-tokens': aisleScopedTagTokensSchema(dialect),
    '0053-catalogue-spanish': catalogueSpanishSchema,
    '0054-recipes-spanish': recipesSpanishSchema,
    '0055-seller-taglines-spanish': sellerTaglinesSpanishSchema,
  };
}

class InCodeMigrations implements MigrationProvider {
  constructor(private readonly dialect: DialectName) {}
  async getMigrations() {
    return migrationsFor(this.dialect);
  }
}

export interface MigrationReport {
  applied: string[];
}

/**
 * Applies pending migrations one at a time, each in its own transaction (both dialects have
 * transactional DDL). Kysely's lock table makes concurrent starts safe; re-running is a no-op.
 */
export async function migrateToLatest<T>(db: Kysely<T>, dialect: DialectName): Promise<MigrationReport> {
  // Unordered: migrations written side by side (0013 after 0014 and 0015 landed) still apply to a database
  // that already ran the later ones.
  const migrator = new Migrator({ db, provider: new InCodeMigrations(dialect), allowUnorderedMigrations: true });
  const applied: string[] = [];
  for (;;) {
    const { error, results } = await migrator.migrateUp();
    if (error) {
      const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
      throw new Error(`Migration ${failed} failed: ${String(error)}`, { cause: error });
    }
    const done = results?.filter((r) => r.status === 'Success').map((r) => r.migrationName) ?? [];
    if (done.length === 0) return { applied };
    applied.push(...done);
  }
}

/** The migrations this build knows that the database has not run (empty: the schema is current). */
export async function pendingMigrations<T>(db: Kysely<T>, dialect: DialectName): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new InCodeMigrations(dialect), allowUnorderedMigrations: true });
  const known = await migrator.getMigrations();
  return known.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
}
