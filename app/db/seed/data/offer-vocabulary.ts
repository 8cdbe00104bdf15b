/**
 * Offer vocabulary: coupon and deal templates. A generator picks a template, a brand and a shelf item,
 * draws a value from `valueRange` and fills the placeholders:
 *   {brand} {item}      the brand name and ShelfItem.name ("Valley Creek", "2% Reduced Fat Milk")
 *   {amount}            the value in cents as dollars ("$1.00")       — amount-off, buy-n-save
 *   {percent}           the value as a percentage ("20%")             — percent-off, bogo
 *   {qty}               minQuantity (1 when absent)
 * Value meaning per kind: amount-off and buy-n-save = cents off; percent-off = percent off;
 * bogo = percent off the second item (100 = free); points = reward points earned.
 * Most ranges are a single value so shelf tags read like real coupons ($1.00, not $1.37).
 */

export type OfferKind = 'amount-off' | 'percent-off' | 'bogo' | 'buy-n-save' | 'points';

export type OfferType = 'Manufacturer Coupon' | 'Store Coupon' | 'Personalized Deal' | 'Rewards';

export interface OfferTemplate {
  kind: OfferKind;
  offerType: OfferType;
  title: string;
  description: string;
  minQuantity?: number;
  /** Cents for amount-off and buy-n-save, percent for percent-off and bogo, points for points. */
  valueRange: [number, number];
}

export interface OfferCategory {
  slug: string;
  /** Shopper-facing category name shown on the coupons page. */
  name: string;
  /** Department slugs (see DEPARTMENTS) whose products fall in this category. */
  departments: string[];
}

export const OFFER_TEMPLATES: OfferTemplate[] = [
  // Manufacturer coupons: amount off
  {
    kind: 'amount-off',
    offerType: 'Manufacturer Coupon',
    title: 'Save {amount} on {brand} {item}',
    description: 'Save {amount} on any one {brand} {item}. Limit one coupon per item.',
    valueRange: [50, 50],
  },
  {
    kind: 'amount-off',
    offerType: 'Manufacturer Coupon',
    title: 'Save {amount} on {brand} {item}',
    description: 'Save {amount} on any one {brand} {item}, any size. Limit one coupon per item.',
    valueRange: [75, 75],
  },
  {
    kind: 'amount-off',
    offerType: 'Manufacturer Coupon',
    title: '{amount} off {brand} {item}',
    description: 'Get {amount} off one {brand} {item}. Excludes trial and travel sizes.',
    valueRange: [100, 100],
  },
  {
    kind: 'amount-off',
    offerType: 'Manufacturer Coupon',
    title: 'Save {amount} on {brand} {item}',
    description: 'Save {amount} on any one {brand} {item}. Valid on the flavors and varieties in stock.',
    valueRange: [150, 150],
  },
  {
    kind: 'amount-off',
    offerType: 'Manufacturer Coupon',
    title: 'Save {amount} on any {brand} {item}',
    description: 'Try something new: {amount} off any one {brand} {item}.',
    valueRange: [200, 200],
  },
  {
    kind: 'amount-off',
    offerType: 'Manufacturer Coupon',
    title: 'Save {amount} when you buy {qty} {brand} {item}',
    description: 'Save {amount} when you buy {qty} of any {brand} {item}. Mix and match sizes.',
    minQuantity: 2,
    valueRange: [100, 100],
  },
  {
    kind: 'amount-off',
    offerType: 'Manufacturer Coupon',
    title: 'Save {amount} on {qty} {brand} {item}',
    description: 'Buy {qty} {brand} {item} and save {amount} on your order.',
    minQuantity: 3,
    valueRange: [150, 150],
  },
  {
    kind: 'amount-off',
    offerType: 'Manufacturer Coupon',
    title: '{amount} off {brand} {item}, family size',
    description: 'Save {amount} on one {brand} {item} in the largest size available.',
    valueRange: [300, 300],
  },
  // Store coupons
  {
    kind: 'amount-off',
    offerType: 'Store Coupon',
    title: '{amount} off {brand} {item}',
    description: 'Clip and save {amount} on one {brand} {item} this week.',
    valueRange: [50, 50],
  },
  {
    kind: 'amount-off',
    offerType: 'Store Coupon',
    title: 'Save {amount} on {brand} {item}',
    description: 'Digital store coupon: {amount} off one {brand} {item}. Limit 1 per household.',
    valueRange: [100, 100],
  },
  {
    kind: 'amount-off',
    offerType: 'Store Coupon',
    title: '{amount} off {brand} {item}',
    description: 'Weekly ad special: {amount} off one {brand} {item}.',
    valueRange: [200, 200],
  },
  {
    kind: 'percent-off',
    offerType: 'Store Coupon',
    title: '{percent} off {brand} {item}',
    description: 'Save {percent} on any {brand} {item}. Discount applied at checkout.',
    valueRange: [10, 10],
  },
  {
    kind: 'percent-off',
    offerType: 'Store Coupon',
    title: '{percent} off {brand} {item}',
    description: 'Save {percent} on {brand} {item}, all sizes and varieties.',
    valueRange: [15, 15],
  },
  {
    kind: 'percent-off',
    offerType: 'Store Coupon',
    title: 'Save {percent} on {brand} {item}',
    description: 'This week only: {percent} off {brand} {item}.',
    valueRange: [20, 20],
  },
  {
    kind: 'percent-off',
    offerType: 'Store Coupon',
    title: '{percent} off {brand} {item}',
    description: 'Stock up: {percent} off any {brand} {item}. Limit 5 items.',
    valueRange: [25, 25],
  },
  {
    kind: 'percent-off',
    offerType: 'Store Coupon',
    title: 'Take {percent} off {brand} {item}',
    description: 'Take {percent} off when you buy {qty} or more {brand} {item}.',
    minQuantity: 2,
    valueRange: [30, 30],
  },
  {
    kind: 'bogo',
    offerType: 'Store Coupon',
    title: 'Buy 1, Get 1 Free: {brand} {item}',
    description: 'Buy one {brand} {item} and get a second one free. Equal or lesser value.',
    minQuantity: 2,
    valueRange: [100, 100],
  },
  {
    kind: 'bogo',
    offerType: 'Store Coupon',
    title: 'Buy 1, Get 1 {percent} Off: {brand} {item}',
    description: 'Buy one {brand} {item}, get a second one {percent} off. Equal or lesser value.',
    minQuantity: 2,
    valueRange: [50, 50],
  },
  {
    kind: 'buy-n-save',
    offerType: 'Store Coupon',
    title: 'Buy {qty}, Save {amount} on {brand} {item}',
    description: 'Buy {qty} {brand} {item} in one order and save {amount}. Mix and match varieties.',
    minQuantity: 2,
    valueRange: [100, 100],
  },
  {
    kind: 'buy-n-save',
    offerType: 'Store Coupon',
    title: 'Buy {qty}, Save {amount}: {brand} {item}',
    description: 'Stock the pantry: save {amount} when you buy {qty} {brand} {item}.',
    minQuantity: 3,
    valueRange: [200, 200],
  },
  {
    kind: 'buy-n-save',
    offerType: 'Store Coupon',
    title: 'Buy {qty} {brand} {item}, Save {amount}',
    description: 'Mix & match any {qty} {brand} {item} and save {amount} instantly.',
    minQuantity: 4,
    valueRange: [300, 300],
  },
  {
    kind: 'buy-n-save',
    offerType: 'Store Coupon',
    title: 'Buy {qty}, Save {amount} on {brand} {item}',
    description: 'Our biggest multi-buy: {qty} {brand} {item} for {amount} less.',
    minQuantity: 5,
    valueRange: [500, 500],
  },
  // Personalized deals
  {
    kind: 'amount-off',
    offerType: 'Personalized Deal',
    title: 'Just for you: {amount} off {brand} {item}',
    description: 'Because you buy {brand} {item}, here is {amount} off your next one.',
    valueRange: [75, 75],
  },
  {
    kind: 'amount-off',
    offerType: 'Personalized Deal',
    title: 'Your deal: {amount} off {brand} {item}',
    description: 'A personal offer on a favorite: {amount} off one {brand} {item}.',
    valueRange: [100, 100],
  },
  {
    kind: 'amount-off',
    offerType: 'Personalized Deal',
    title: 'Try it: {amount} off {brand} {item}',
    description: 'We think you will like {brand} {item}. Try it for {amount} less.',
    valueRange: [150, 150],
  },
  {
    kind: 'amount-off',
    offerType: 'Personalized Deal',
    title: 'Welcome back: {amount} off {brand} {item}',
    description: "It's been a while! Enjoy {amount} off {brand} {item} on your next order.",
    valueRange: [250, 250],
  },
  {
    kind: 'percent-off',
    offerType: 'Personalized Deal',
    title: 'Just for you: {percent} off {brand} {item}',
    description: 'A members-only {percent} off {brand} {item}, picked from your past orders.',
    valueRange: [20, 20],
  },
  {
    kind: 'percent-off',
    offerType: 'Personalized Deal',
    title: '{percent} off your favorite {brand} {item}',
    description: 'You buy it often, so here is {percent} off {brand} {item}.',
    valueRange: [25, 25],
  },
  {
    kind: 'percent-off',
    offerType: 'Personalized Deal',
    title: 'Take {percent} off {brand} {item}',
    description: 'Your weekly pick: {percent} off {brand} {item}. One use per account.',
    valueRange: [15, 15],
  },
  {
    kind: 'bogo',
    offerType: 'Personalized Deal',
    title: 'Your BOGO: {brand} {item}',
    description: 'Buy one {brand} {item}, get one free. Just for you this week.',
    minQuantity: 2,
    valueRange: [100, 100],
  },
  {
    kind: 'buy-n-save',
    offerType: 'Personalized Deal',
    title: 'Buy {qty}, Save {amount}: {brand} {item}',
    description: 'Stock up on a favorite: save {amount} when you buy {qty} {brand} {item}.',
    minQuantity: 2,
    valueRange: [150, 150],
  },
  // Rewards
  {
    kind: 'points',
    offerType: 'Rewards',
    title: 'Earn 100 bonus points on {brand} {item}',
    description: 'Buy one {brand} {item} and earn 100 bonus rewards points.',
    valueRange: [100, 100],
  },
  {
    kind: 'points',
    offerType: 'Rewards',
    title: 'Earn 200 bonus points on {brand} {item}',
    description: 'Earn 200 bonus points when you buy {brand} {item}. Points post within 48 hours.',
    valueRange: [200, 200],
  },
  {
    kind: 'points',
    offerType: 'Rewards',
    title: 'Earn 250 points on {brand} {item}',
    description: 'Add {brand} {item} to your order and earn 250 bonus points.',
    valueRange: [250, 250],
  },
  {
    kind: 'points',
    offerType: 'Rewards',
    title: 'Earn 500 points when you buy {qty} {brand} {item}',
    description: 'Buy {qty} {brand} {item} in one order and earn 500 bonus points.',
    minQuantity: 2,
    valueRange: [500, 500],
  },
  {
    kind: 'points',
    offerType: 'Rewards',
    title: 'Earn 1,000 points on {qty} {brand} {item}',
    description: 'Buy {qty} {brand} {item} and earn 1,000 bonus points, worth $1 off a future order.',
    minQuantity: 3,
    valueRange: [1000, 1000],
  },
  {
    kind: 'points',
    offerType: 'Rewards',
    title: 'Triple points on {brand} {item}',
    description: 'Earn 3x rewards points on every {brand} {item} this week.',
    valueRange: [300, 300],
  },
  {
    kind: 'points',
    offerType: 'Rewards',
    title: 'Double points on {brand} {item}',
    description: 'Earn 2x rewards points on {brand} {item}. No limit.',
    valueRange: [200, 200],
  },
  {
    kind: 'amount-off',
    offerType: 'Rewards',
    title: 'Members save {amount} on {brand} {item}',
    description: 'Rewards members save {amount} on one {brand} {item}. Sign in to redeem.',
    valueRange: [100, 100],
  },
  {
    kind: 'percent-off',
    offerType: 'Rewards',
    title: 'Members: {percent} off {brand} {item}',
    description: 'Rewards member price: {percent} off {brand} {item}.',
    valueRange: [10, 10],
  },
  {
    kind: 'amount-off',
    offerType: 'Rewards',
    title: 'Redeem 500 points: {amount} off {brand} {item}',
    description: 'Use your points: {amount} off one {brand} {item}.',
    valueRange: [500, 500],
  },
  {
    kind: 'bogo',
    offerType: 'Manufacturer Coupon',
    title: 'Buy 1, Get 1 Free {brand} {item}',
    description: 'Buy one {brand} {item}, get one free (up to $5.00 value).',
    minQuantity: 2,
    valueRange: [100, 100],
  },
  {
    kind: 'percent-off',
    offerType: 'Manufacturer Coupon',
    title: 'Save {percent} on {brand} {item}',
    description: 'Manufacturer offer: {percent} off any {brand} {item}.',
    valueRange: [20, 20],
  },
];

export const OFFER_CATEGORIES: OfferCategory[] = [
  { slug: 'produce', name: 'Produce', departments: ['produce'] },
  { slug: 'meat-seafood', name: 'Meat & Seafood', departments: ['meat-seafood'] },
  { slug: 'dairy-eggs', name: 'Dairy & Eggs', departments: ['dairy-eggs-cheese'] },
  { slug: 'bakery', name: 'Bread & Bakery', departments: ['bakery-bread'] },
  { slug: 'deli', name: 'Deli & Prepared Foods', departments: ['deli-prepared'] },
  { slug: 'frozen', name: 'Frozen Foods', departments: ['frozen'] },
  { slug: 'pantry', name: 'Pantry & Breakfast', departments: ['pantry-staples', 'breakfast-cereal'] },
  { slug: 'snacks', name: 'Snacks & Candy', departments: ['snacks-candy'] },
  { slug: 'beverages', name: 'Beverages', departments: ['beverages'] },
  { slug: 'beer-wine', name: 'Beer, Wine & Spirits', departments: ['beer-wine-spirits'] },
  { slug: 'baby', name: 'Baby & Kids', departments: ['baby'] },
  { slug: 'pet', name: 'Pet Care', departments: ['pet'] },
  { slug: 'household', name: 'Household & Cleaning', departments: ['household-cleaning'] },
  { slug: 'health-beauty', name: 'Health & Personal Care', departments: ['health-beauty'] },
];
