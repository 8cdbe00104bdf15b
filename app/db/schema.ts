import type { Generated } from 'kysely';

/**
 * One schema for SQLite and PostgreSQL. Flags are integers (0/1) and timestamps ISO-8601 UTC
 * text in both dialects, so rows read the same whichever database serves them
 * (docs/decisions/0002-one-schema-two-dialects.md).
 */
export interface Database {
  health_probe: HealthProbeTable;
  shopper_state_versions: ShopperStateVersionTable;
  banners: BannerTable;
  stores: StoreTable;
  departments: DepartmentTable;
  aisles: AisleTable;
  brands: BrandTable;
  sellers: SellerTable;
  products: ProductTable;
  household_allergy_profiles: HouseholdAllergyProfileTable;
  wine_details: WineDetailTable;
  store_product_overrides: StoreProductOverrideTable;
  recipes: RecipeTable;
  recipe_ingredients: RecipeIngredientTable;
  offers: OfferTable;
  offer_products: OfferProductTable;
  customers: CustomerTable;
  loyalty_cards: LoyaltyCardTable;
  staff_roles: StaffRoleTable;
  customer_addresses: CustomerAddressTable;
  clips: ClipTable;
  orders: OrderTable;
  order_items: OrderItemTable;
  order_line_picks: OrderLinePickTable;
  order_events: OrderEventTable;
  pets: PetTable;
  outbox: OutboxTable;
  store_custom_fields: StoreCustomFieldTable;
  app_meta: AppMetaTable;
  oidc_payloads: OidcPayloadTable;
  session_tokens: SessionTokenTable;
  one_time_passcodes: OneTimePasscodeTable;
  rate_limits: RateLimitTable;
  sign_in_delays: SignInDelayTable;
  password_resets: PasswordResetTable;
  search_terms: SearchTermTable;
  search_synonyms: SearchSynonymTable;
  search_intents: SearchIntentTable;
  rewards: RewardTable;
  reward_ledger: RewardLedgerTable;
  reward_clips: RewardClipTable;
  carts: CartTable;
  cart_items: CartItemTable;
  slots: SlotTable;
  slot_holds: SlotHoldTable;
  customer_tenders: CustomerTenderTable;
  order_sequences: OrderSequenceTable;
  customer_address_selections: CustomerAddressSelectionTable;
  seller_shipping: SellerShippingTable;
  shipping_cache: ShippingCacheTable;
  token_renewals: TokenRenewalTable;
  delivery_plans: DeliveryPlanTable;
  delivery_subscriptions: DeliverySubscriptionTable;
  pharmacy_profiles: PharmacyProfileTable;
  prescriptions: PrescriptionTable;
  health_handshakes: HealthHandshakeTable;
  customer_preferences: CustomerPreferenceTable;
  customer_prompts: CustomerPromptTable;
  verification_codes: VerificationCodeTable;
  customer_factors: CustomerFactorTable;
  customer_loyalty_partners: CustomerLoyaltyPartnerTable;
  webauthn_challenges: WebauthnChallengeTable;
  home_content: HomeContentTable;
  saml_answered_requests: SamlAnsweredRequestTable;
  occasion_offers: OccasionOfferTable;
  referral_codes: ReferralCodeTable;
  referrals: ReferralTable;
  promo_codes: PromoCodeTable;
  promo_redemptions: PromoRedemptionTable;
  weekly_ad_deals: WeeklyAdDealTable;
  shopping_lists: ShoppingListTable;
  shopping_list_items: ShoppingListItemTable;
  item_descriptions: ItemDescriptionTable;
}

export type Flag = 0 | 1;

export interface BannerTable {
  id: string;
  name: string;
  logo_text: string;
  tagline: string;
  color_primary: string;
  color_dark: string;
  color_soft: string;
  color_accent: string;
  default_store_id: number;
  default_zipcode: string;
  position: number;
}

export interface StoreTable {
  id: number;
  banner_id: string;
  name: string;
  address1: string;
  city: string;
  state: string;
  zipcode: string;
  latitude: number;
  longitude: number;
  timezone: string;
  phone: string;
  hours: string;
  has_grocery_delivery: Flag;
  has_dug: Flag;
  has_rush_delivery: Flag;
  has_grocery_rewards: Flag;
  is_wine_d2c_enabled: Flag;
  wfc_store_id: string | null;
  delivery_radius_miles: number;
  price_factor_bp: number;
  gas_rewards_id: string | null;
  rewards_program_id: string | null;
  partner_fuel_logo: string | null;
  partner_max_redemption: number;
  own_max_redemption: number;
}

/** The store data's custom fields: name the storefront reads → the store data's id → the stores column holding it. */
export interface StoreCustomFieldTable {
  name: string;
  field_id: string;
  source_column: string;
  value_type: 'boolean' | 'text' | 'integer';
}

export interface DepartmentTable {
  id: number;
  slug: string;
  name: string;
  position: number;
  image_key: string;
}

export interface AisleTable {
  id: number;
  department_id: number;
  slug: string;
  name: string;
  position: number;
}

export interface BrandTable {
  id: number;
  slug: string;
  name: string;
  initial: string;
}

export interface SellerTable {
  id: number;
  slug: string;
  name: string;
  tagline: string;
  /** The tagline in Spanish (decision 0123); null shows the English one. */
  tagline_es: string | null;
  origin_zip: string;
  handling_days: number;
  carrier: string;
}

export type ProductKind = 'grocery' | 'wine' | 'marketplace';

export interface ProductTable {
  id: number;
  kind: ProductKind;
  name: string;
  brand_id: number;
  aisle_id: number | null;
  seller_id: number | null;
  item_key: string;
  size_label: string;
  size_quantity: number;
  size_unit: string;
  description: string;
  image_key: string;
  base_price_cents: number;
  /** Comma-wrapped list (",organic,vegan,") so one LIKE finds a tag in both dialects. */
  dietary_tags: string;
  attended_delivery_only: Flag;
  /** Search's tie-break among equally relevant products: the prior lifted by recent orders (catalog/popularity.ts). */
  popularity: number;
  /** What the catalogue expects before orders say otherwise; a popularity refresh starts from it. */
  popularity_prior: number;
  /** The label's allergens, whether it has a label, and its nutrient claims, as bits (catalog/label-flags.ts). */
  label_flags: number;
}

/** A household's allergy list (0046), shared by every customer whose house_id it is. */
export interface HouseholdAllergyProfileTable {
  house_id: string;
  /** The allergens as bits (catalog/label-flags.ts allergenBits). */
  allergen_bits: number;
  updated_at: string;
}

export interface WineDetailTable {
  product_id: number;
  varietal: string;
  color: string;
  region: string;
  country: string;
  vintage: number;
}

export type StockStatus = 'out_of_stock' | 'unavailable';

export interface StoreProductOverrideTable {
  store_id: number;
  product_id: number;
  price_cents: number | null;
  stock_status: StockStatus | null;
}

export interface RecipeTable {
  id: number;
  slug: string;
  title: string;
  description: string;
  minutes: number;
  servings: number;
  image_key: string;
  steps_json: string;
  /** The Spanish words (decision 0124); null shows the English ones. */
  title_es: string | null;
  description_es: string | null;
  /** A JSON array of the steps in Spanish, as `steps_json`. */
  steps_json_es: string | null;
}

export interface RecipeIngredientTable {
  recipe_id: number;
  position: number;
  text: string;
  /** The line in Spanish (decision 0124); null shows `text`. */
  text_es: string | null;
  product_id: number | null;
}

/** A dated version of a banner's home-page content (decision 0093): the latest started one is shown. */
export interface HomeContentTable {
  id: number;
  banner_id: string;
  /** Where on the home page: 'hero'. */
  slot: string;
  headline: string;
  /** The end of the headline, in the banner's colour. */
  highlight: string;
  body: string;
  /** The same version's words in Spanish; null shows the English ones. */
  headline_es: string | null;
  highlight_es: string | null;
  body_es: string | null;
  starts_at: string;
}

export interface OfferTable {
  id: number;
  banner_id: string;
  title: string;
  description: string;
  category: string;
  offer_type: string;
  kind: string;
  value: number;
  min_quantity: number;
  brand_id: number | null;
  starts_at: string;
  ends_at: string;
  image_key: string;
  /** The title and description in Spanish (0053); null shows the English words. */
  title_es: string | null;
  description_es: string | null;
  /** The estimated saving, so offers of every kind sort on one scale ("biggest saving"). */
  savings_cents: Generated<number>;
  /** A personal offer (0038: a birthday or anniversary offer) only this customer sees; null for everyone's. */
  customer_id: Generated<number | null>;
}

export interface OfferProductTable {
  offer_id: number;
  product_id: number;
}

export interface CustomerTable {
  id: number;
  uuid: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  club_card: string;
  house_id: string;
  banner_id: string;
  site_type: 'C' | 'B';
  customer_type: string;
  company_name: string | null;
  tax_id: string | null;
  password_hash: string | null;
  zipcode: string;
  store_id: number;
  preference: string;
  email_verified: Flag;
  phone_verified: Flag;
  created_at: string;
  /** When the customer last put off the profile-completion prompt (null: never). */
  profile_prompt_dismissed_at: string | null;
  /** When the account was closed (0032); null while it is open. Its orders stay. */
  closed_at: Generated<string | null>;
  /** When the customer unsubscribed from marketing email (0041); null: they get it. */
  marketing_opt_out_at: Generated<string | null>;
  /** Birthday and anniversary, month and day (0038, flag enableSpecialOccasion); null when not given. */
  birthday_month: Generated<number | null>;
  birthday_day: Generated<number | null>;
  anniversary_month: Generated<number | null>;
  anniversary_day: Generated<number | null>;
  /** The language the storefront speaks to them in, 'en' or 'es' (0050); null until they choose. */
  preferred_language: Generated<string | null>;
}

/**
 * A club card issued at a store's till (0042): a household and points, no online account until it is stepped up
 * at registration, when customer_id and stepped_up_at are set and its points move to the account's ledger.
 */
export interface LoyaltyCardTable {
  club_card: string;
  house_id: string;
  /** Ten digits, as registration stores a phone. */
  phone: string;
  first_name: string;
  last_name: string;
  banner_id: string;
  store_id: number;
  /** Points not yet moved to an account (0 once stepped up). */
  points: Generated<number>;
  issued_at: string;
  customer_id: number | null;
  stepped_up_at: string | null;
}

/** A loyalty partner account the customer linked (0032); the partner catalogue is LOYALTY_PARTNERS. */
export interface CustomerLoyaltyPartnerTable {
  customer_id: number;
  partner_code: string;
  /** The customer's number at the partner, as they typed it (digits only). */
  member_id: string;
  linked_at: string;
}

export interface CustomerAddressTable {
  id: Generated<number>;
  customer_id: number;
  address_name: string;
  address1: string;
  address2: string;
  city: string;
  state_code: string;
  country: string;
  postal_code: string;
  postal_code_extn: string;
  address_types: string;
  purposes: string;
  address_hash: string;
  /** Derived from customer_address_selections (the truth since 0009): selected anywhere, and one such banner. */
  is_selected: Flag;
  selected_banner: string | null;
  created_at: string;
  /** Delivery instructions (0045): shown to the driver as text, copied onto each order placed to the address. */
  gate_code: Generated<string>;
  leave_at_door: Generated<Flag>;
  delivery_note: Generated<string>;
}

export interface ClipTable {
  customer_id: number;
  offer_id: number;
  clipped_at: string;
}

export interface OrderTable {
  id: Generated<number>;
  order_number: string;
  site_type: 'C' | 'B';
  customer_id: number;
  banner_id: string;
  store_id: number;
  status: string;
  fulfillment: string;
  slot_start: string;
  slot_end: string;
  subtotal_cents: number;
  savings_cents: number;
  fees_cents: number;
  total_cents: number;
  placed_at: string;
  cutoff_at: string;
  address_id: number | null;
  address_text: string | null;
  tender_id: number | null;
  slot_id: number | null;
  slot_kind: string | null;
  cancelled_at: string | null;
  updated_at: string | null;
  /** Fulfilment (0030): who picks and drives, the promised arrival, the DriveUp & Go check-in. */
  picker_id: number | null;
  driver_id: number | null;
  arrival_start: string | null;
  arrival_end: string | null;
  checked_in_at: string | null;
  parking_spot: string | null;
  handed_over_at: string | null;
  /** What the shopper paid once the order was handed over (the receipt's total). */
  final_total_cents: number | null;
  /** Bumped by every fulfilment change: a watching page compares it to know something moved. */
  version: Generated<number>;
  /** The promo code redeemed with the order and its discount (0043; 0 without one). */
  promo_code: string | null;
  promo_cents: Generated<number>;
  /** The delivery instructions the order was placed with (0045). */
  gate_code: Generated<string>;
  leave_at_door: Generated<Flag>;
  delivery_note: Generated<string>;
  /** The driver's tip (0045), in total_cents, never on EBT. */
  tip_cents: Generated<number>;
  /** The part paid with an EBT SNAP card (0045); the rest of total_cents goes on tender_id. */
  ebt_cents: Generated<number>;
  ebt_tender_id: number | null;
}

export type PickOutcome = 'picked' | 'short' | 'substituted';
export type SubstitutionApproval = 'requested' | 'approved' | 'rejected' | 'auto_approved';

/** What the picker did with one ordered line (0030). */
export interface OrderLinePickTable {
  order_id: number;
  product_id: number;
  outcome: PickOutcome;
  picked_quantity: number;
  /** A by-weight line's weight on the scale, in thousandths of a pound. */
  weighed_milli_lb: number | null;
  substitute_product_id: number | null;
  substitute_unit_price_cents: number | null;
  /** Substitutions and shortages wait for the shopper's answer; null for a line picked as ordered. */
  approval: SubstitutionApproval | null;
  answer_due_at: string | null;
  answered_at: string | null;
  /** What the line costs the shopper now (0 for a shortage or a rejected substitute). */
  charged_cents: number;
  picked_by: number;
  updated_at: string;
}

/** One step of an order's life, for the shopper's timeline (placed, picking, staged, …). */
export interface OrderEventTable {
  id: Generated<number>;
  order_id: number;
  kind: string;
  at: string;
  actor: string;
  detail: Generated<string>;
}

export interface OrderItemTable {
  order_id: number;
  product_id: number;
  quantity: number;
  unit_price_cents: number;
  substitution: Generated<Substitution>;
  note: Generated<string>;
  /** The line's clipped-offer savings when the order was placed (0030). */
  savings_cents: Generated<number>;
}

export interface PetTable {
  id: Generated<number>;
  customer_id: number;
  name: string;
  type: string;
  breed: string;
  birthday: string | null;
  photo_key: string;
  created_at: string;
}

export interface OutboxTable {
  id: Generated<number>;
  /** Unique; also the SMTP Message-ID, so a message sent twice is recognisably the same one. */
  message_id: string;
  kind: string;
  channel: string;
  recipient: string;
  subject: string;
  /** The plain-text version. */
  body: string;
  html_body: string | null;
  banner_id: string | null;
  store_id: number | null;
  order_id: number | null;
  /** pending, sending, sent, dead; `outbox` is delivered to the outbox alone (no SMTP, a text, an older row). */
  status: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: string | null;
  claimed_until: string | null;
  claim_token: string | null;
  /** A marketing message's unsubscribe link (0041), sent as List-Unsubscribe; null for every other message. */
  unsubscribe_url: Generated<string | null>;
  /** Why the last attempt failed; never the message itself. */
  last_error: string | null;
  sent_at: string | null;
  created_at: string;
  /** After this a one-time code or reset link is worth nothing: the worker marks the row expired, never sends it. */
  expires_at: string | null;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

export interface OidcPayloadTable {
  model: string;
  id: string;
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: string | null;
  consumed_at: string | null;
  /** The payload's accountId (sessions, grants, tokens): a password change ends them by account. */
  account_id: string | null;
}

export interface SessionTokenTable {
  token_hash: string;
  customer_id: number;
  remember: Flag;
  method: string;
  expires_at: string;
  used_at: string | null;
  /** The PKCE challenge of the one authorize request this token may sign in on (null: none). */
  code_challenge: string | null;
}

export interface OneTimePasscodeTable {
  id: Generated<number>;
  customer_id: number;
  code_hash: string;
  expires_at: string;
  attempts: number;
  used_at: string | null;
  created_at: string;
}

export interface RateLimitTable {
  bucket: string;
  window_id: number;
  hits: number;
  /** Epoch seconds after which the row no longer counts (0020); the sweep deletes it. */
  expires_at: number;
}

export interface SignInDelayTable {
  bucket: string;
  failures: number;
  /** Epoch milliseconds before which this account and client may not try again (0022). */
  next_allowed_at: number;
  /** Epoch seconds after which the failures are forgotten; the sweep deletes the row. */
  expires_at: number;
}

export interface PasswordResetTable {
  token_hash: string;
  customer_id: number;
  source: string;
  expires_at: string;
  used_at: string | null;
}

/**
 * The search vocabulary: every word of the catalogue's searchable text with the number of products
 * and recipes using it, for typo correction. (The text indexes themselves, product_search and
 * recipe_search, are dialect-specific and queried with raw SQL; see migrations/0004-search.ts.)
 */
export interface SearchTermTable {
  term: string;
  frequency: number;
}

/** The aisles a phrase means, learned when the index is built (docs/decisions/0077-product-types-and-aisle-intent.md). */
/** One role of a store staff member (an account of customers) at one store: decision 0079. */
export interface StaffRoleTable {
  customer_id: number;
  store_id: number;
  /** 'picker' | 'driver' | 'manager' (STAFF_ROLES in modules/access/staff-access.ts). */
  role: string;
}

export interface SearchIntentTable {
  /** Singular words separated by one space (intent.ts). */
  phrase: string;
  aisle_id: number;
  /** 'aisle': the aisle is named after the phrase; 'type': products of that type are shelved there. */
  source: string;
  weight: number;
}

/** What shoppers type and what the catalogue calls it (docs/decisions/0072-query-understanding-as-data.md). */
export interface SearchSynonymTable {
  /** The shopper's word or phrase, folded, words separated by one space. */
  words: string;
  /** A catalogue word or phrase, or a dietary tag id when `kind` is 'attribute'. */
  means: string;
  kind: string;
  /** 1: the shopper's own words are searched too (an expansion); 0: replaced. */
  keep_words: number;
}

export type RewardKind = 'grocery' | 'gas-own' | 'gas-partner';

export interface RewardTable {
  id: number;
  banner_id: string;
  slug: string;
  kind: RewardKind;
  title: string;
  description: string;
  points_cost: number;
  value_cents: number;
  image_key: string;
  ends_at: string;
  /** The title and description in Spanish (0053); null shows the English words. */
  title_es: string | null;
  description_es: string | null;
}

/** Points earned (positive) and spent (negative); a customer's balance is the sum. */
export interface RewardLedgerTable {
  id: Generated<number>;
  customer_id: number;
  points: number;
  /** store-card: the points a club card issued in store carried when it was stepped up (0042). */
  reason: 'order' | 'bonus' | 'redeem' | 'refund' | 'referral' | 'store-card';
  description: string;
  reward_id: number | null;
  created_at: string;
}

export interface RewardClipTable {
  customer_id: number;
  reward_id: number;
  store_id: number;
  clipped_at: string;
}

export type Substitution = 'allow' | 'none';
export type CartStatus = 'active' | 'retired' | 'ordered' | 'editing';

/** A guest cart (customer_id null, id in a signed cookie) or a customer's cart; 'editing' carts edit an order. */
export interface CartTable {
  id: string;
  customer_id: number | null;
  banner_id: string;
  site_type: 'C' | 'B';
  store_id: number;
  status: CartStatus;
  order_id: number | null;
  created_at: string;
  updated_at: string;
  /** The promo code the shopper applied at checkout (0043); checked again when the order is placed. */
  promo_code: string | null;
}

export interface CartItemTable {
  cart_id: string;
  product_id: number;
  quantity: number;
  substitution: Substitution;
  note: string;
  added_at: string;
}

export type SlotKind = 'delivery-1h' | 'delivery-2h' | 'pickup' | 'rush';

export interface SlotTable {
  id: Generated<number>;
  store_id: number;
  kind: SlotKind;
  starts_at: string;
  ends_at: string;
  fee_cents: number;
  capacity: number;
  /** Places taken (live holds and orders); only ever raised by a conditional UPDATE … WHERE reserved < capacity. */
  reserved: Generated<number>;
  /** 1 when the store manager closed the window: it takes no new place; the places taken stay. */
  closed: Generated<Flag>;
}

/** A place in a slot: held for a cart for 2 hours (expires_at), or kept by an order (order_id, no expiry). */
export interface SlotHoldTable {
  id: Generated<number>;
  slot_id: number;
  customer_id: number | null;
  cart_id: string | null;
  order_id: number | null;
  expires_at: string | null;
  created_at: string;
}

/** A saved payment card: a token and the last four digits only, never a card number. */
export interface CustomerTenderTable {
  id: Generated<number>;
  customer_id: number;
  token: string;
  brand: string;
  last_four: string;
  expiry: string;
  created_at: string;
  /** 'card' or 'ebt' (0045): an EBT card pays only the SNAP-eligible part of an order. */
  kind: Generated<'card' | 'ebt'>;
}

export interface OrderSequenceTable {
  site_type: 'C' | 'B';
  next_value: number;
}

/** The customer's chosen address for one banner and purpose (spec "Selected address"); 0009. */
export interface CustomerAddressSelectionTable {
  customer_id: number;
  banner_id: string;
  purpose: string;
  address_id: number;
  selected_at: string;
}

/** A seller's shipping rules beyond sellers.origin_zip, handling_days and carrier. */
export interface SellerShippingTable {
  seller_id: number;
  /** Orders placed before this hour (origin's local time) on a business day start handling that day. */
  cutoff_hour: number;
  timezone: string;
  /** Comma-wrapped state codes the seller does not ship to (",AK,HI,"), '' when it ships everywhere. */
  no_ship_states: string;
}

/** Shipping estimates shared by every storefront process; an entry is used until expires_at (3 hours). */
export interface ShippingCacheTable {
  cache_key: string;
  /** JSON of the computed estimate. */
  payload: string;
  expires_at: string;
  created_at: string;
}

/** One refresh-token renewal shared by every storefront process (migration 0014, decision 0023). */
export interface TokenRenewalTable {
  renewal_key: string;
  result: Generated<string>;
  claimed_at: string;
  expires_at: string;
}

/** A banner's delivery plan (MONTHLY or ANNUAL): free delivery on baskets at or over the threshold. */
export interface DeliveryPlanTable {
  id: number;
  banner_id: string;
  code: string;
  name: string;
  price_cents: number;
  period_months: number;
  threshold_cents: number;
  position: number;
  /** The plan's name in Spanish (0053); null shows the English name. */
  name_es: string | null;
}

export type SubscriptionStatus = 'active' | 'cancelled' | 'expired';

/** A customer's subscription; price and threshold are copied from the plan when it is bought. */
export interface DeliverySubscriptionTable {
  id: Generated<number>;
  customer_id: number;
  plan_id: number;
  banner_id: string;
  plan_code: string;
  price_cents: number;
  threshold_cents: number;
  tender_id: number;
  status: SubscriptionStatus;
  started_at: string;
  period_end: string;
  ended_at: string | null;
}

export interface PharmacyProfileTable {
  customer_id: number;
  date_of_birth: string | null;
  allergies: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface PrescriptionTable {
  id: Generated<number>;
  customer_id: number;
  rx_number: string;
  medication: string;
  directions: string;
  refills_left: number;
  status: string;
  last_filled_at: string | null;
}

/** A handshake token issued for the health area: its id (jti) is consumed once. */
export interface HealthHandshakeTable {
  jti: string;
  customer_id: number;
  issued_at: string;
  expires_at: string;
  consumed_at: string | null;
}

/** A customer's fulfilment preference on one banner, keyed by the preference definition (geo-flow ids). */
export interface CustomerPreferenceTable {
  customer_id: number;
  banner_id: string;
  preference_def_id: string;
  value: string;
  updated_at: string;
}

/** When the email or phone verification prompt was last shown (at most every 180 days). */
export interface CustomerPromptTable {
  customer_id: number;
  kind: 'email' | 'phone';
  last_shown_at: string;
}

/** A one-time code that verifies the customer's email or phone: hashed, single use, 10 minutes. */
export interface VerificationCodeTable {
  id: Generated<number>;
  customer_id: number;
  channel: 'email' | 'phone';
  target: string;
  code_hash: string;
  expires_at: string;
  attempts: number;
  used_at: string | null;
  created_at: string;
}

/** A sign-in factor (a FIDO passkey); the credential fields are set when it is activated. */
export interface CustomerFactorTable {
  id: string;
  customer_id: number;
  factor_type: string;
  provider: string;
  status: 'PENDING_ACTIVATION' | 'ACTIVE';
  name: string;
  rp_id: string;
  origin: string;
  challenge: string | null;
  challenge_expires_at: string | null;
  credential_id: string | null;
  public_key: string | null;
  counter: number;
  transports: string;
  created_at: string;
  activated_at: string | null;
  last_used_at: string | null;
}

export interface WebauthnChallengeTable {
  challenge: string;
  rp_id: string;
  origin: string;
  expires_at: string;
  used_at: string | null;
}

export interface HealthProbeTable {
  probe_key: string;
  checked_at: string;
}

export interface ShopperStateVersionTable {
  /** `c:<customerId>` */
  subject: string;
  version: number;
  changed_at: string;
}

/** An AuthnRequest a service provider sent, answered once (decision 0096). */
export interface SamlAnsweredRequestTable {
  sp_entity_id: string;
  request_id: string;
  customer_id: number;
  answered_at: string;
}

/** The personal offer given for one occasion in one year (0038): the key keeps it to once a year. */
export interface OccasionOfferTable {
  customer_id: number;
  occasion: 'birthday' | 'anniversary';
  occasion_year: number;
  offer_id: number;
  issued_at: string;
}

/** A customer's own refer-a-friend code (0039). */
export interface ReferralCodeTable {
  customer_id: number;
  code: string;
  created_at: string;
}

/** Who referred a new customer (0039), and the order that credited both (null until their first order). */
export interface ReferralTable {
  referee_id: number;
  referrer_id: number;
  code: string;
  created_at: string;
  credited_order_id: number | null;
  credited_at: string | null;
}

export type PromoKind = 'percent' | 'amount';

/** A promo code of one banner and site (0043). value: whole percent, or cents off. */
export interface PromoCodeTable {
  id: Generated<number>;
  code: string;
  banner_id: string;
  site_type: 'C' | 'B';
  kind: PromoKind;
  value: number;
  min_basket_cents: Generated<number>;
  first_order_only: Generated<Flag>;
  once_per_customer: Generated<Flag>;
  starts_at: string;
  ends_at: string;
  /** null: no cap. */
  usage_cap: number | null;
  /** Only ever raised by a conditional UPDATE … WHERE used_count < usage_cap. */
  used_count: Generated<number>;
}

export interface PromoRedemptionTable {
  id: Generated<number>;
  code_id: number;
  customer_id: number;
  order_id: number;
  /** The customer id when the code is once per customer, else null: unique with code_id. */
  once_key: number | null;
  discount_cents: number;
  created_at: string;
}

export type WeeklyAdKind = 'sale-price' | 'bogo';

/**
 * A weekly ad deal (0047): one product, for every store of the banner (store_id null) or one store. sale-price:
 * value is the price of each unit in cents; bogo: buying min_quantity, one more is value% off (100 = free).
 * starts_on and ends_on are calendar days, both included, in each store's time zone.
 */
export interface WeeklyAdDealTable {
  id: Generated<number>;
  banner_id: string;
  store_id: number | null;
  product_id: number;
  kind: WeeklyAdKind;
  value: number;
  min_quantity: Generated<number>;
  starts_on: string;
  ends_on: string;
}

/** A shopping list (0044): a household's on one banner and site, or a guest's one list found by its key. */
export interface ShoppingListTable {
  id: Generated<number>;
  /** The household that shares the list; null for a guest's list. */
  house_id: string | null;
  /** A guest's list: the random key its signed cookie holds; null for a household's list. */
  guest_key: string | null;
  banner_id: string;
  site_type: 'C' | 'B';
  name: string;
  /** 1 for the household's Favorites, created on first use. */
  is_default: Generated<Flag>;
  /** Raised only by a conditional UPDATE under the per-list cap. */
  item_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** One line of a shopping list: a product (unique per list) or free text. */
export interface ShoppingListItemTable {
  id: Generated<number>;
  list_id: number;
  product_id: number | null;
  text: string | null;
  quantity: Generated<number>;
  position: number;
  checked: Generated<Flag>;
  created_at: string;
}

/**
 * A shelf item's description in a language other than English (0053), shared by every product of the item:
 * `{brand}` stands for the product's brand, and a wine's `{region}`, `{country}` and `{vintage}` for its details.
 */
export interface ItemDescriptionTable {
  item_key: string;
  language: string;
  description: string;
}
