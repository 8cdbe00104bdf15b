/** Demo accounts; README lists them. Passwords are for local demos only. */
export interface DemoCustomer {
  id: number;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phone: string;
  bannerId: string;
  siteType: 'C' | 'B';
  customerType: 'consumer' | 'business';
  companyName?: string;
  taxId?: string;
  /** Full demo history: address, clipped offers, a past order, a pet. */
  withHistory: boolean;
}

export const DEMO_PASSWORD = 'Pantry-demo-2026';

export const DEMO_CUSTOMERS: DemoCustomer[] = [
  {
    id: 500001,
    email: 'jordan@pantry.test',
    password: DEMO_PASSWORD,
    firstName: 'Jordan',
    lastName: 'Rivera',
    phone: '2065550142',
    bannerId: 'greenleaf',
    siteType: 'C',
    customerType: 'consumer',
    withHistory: true,
  },
  {
    id: 500002,
    email: 'bartholomew@pantry.test',
    password: DEMO_PASSWORD,
    // Longer than 19 characters: the greeting shows "Bartholomew-Alex...".
    firstName: 'Bartholomew-Alexander',
    lastName: 'Okonkwo-Lindqvist',
    phone: '5035550177',
    bannerId: 'greenleaf',
    siteType: 'C',
    customerType: 'consumer',
    withHistory: false,
  },
  {
    id: 500003,
    email: 'buyer@harborstreetcafe.test',
    password: DEMO_PASSWORD,
    firstName: 'Priya',
    lastName: 'Natarajan',
    phone: '4155550190',
    bannerId: 'greenleaf',
    siteType: 'B',
    customerType: 'business',
    companyName: 'Harbor Street Cafe LLC',
    taxId: '94-1234567',
    withHistory: true,
  },
  {
    id: 500004,
    email: 'sam@pantry.test',
    password: DEMO_PASSWORD,
    firstName: 'Sam',
    lastName: 'Delgado',
    phone: '6025550133',
    bannerId: 'mesa',
    siteType: 'C',
    customerType: 'consumer',
    withHistory: false,
  },
  // Store staff (DEMO_STAFF_ROLES): accounts like any other, signing in through the same provider.
  {
    id: 500005,
    email: 'picker@pantry.test',
    password: DEMO_PASSWORD,
    firstName: 'Riley',
    lastName: 'Park',
    phone: '2065550161',
    bannerId: 'greenleaf',
    siteType: 'C',
    customerType: 'consumer',
    withHistory: false,
  },
  {
    id: 500006,
    email: 'driver@pantry.test',
    password: DEMO_PASSWORD,
    firstName: 'Casey',
    lastName: 'Morgan',
    phone: '2065550162',
    bannerId: 'greenleaf',
    siteType: 'C',
    customerType: 'consumer',
    withHistory: false,
  },
  {
    id: 500007,
    email: 'manager@pantry.test',
    password: DEMO_PASSWORD,
    firstName: 'Dana',
    lastName: 'Whitfield',
    phone: '2065550163',
    bannerId: 'greenleaf',
    siteType: 'C',
    customerType: 'consumer',
    withHistory: false,
  },
];

/**
 * Demo staff roles: at the store Jordan shops at (Greenleaf Market's first store, `demo`), and for the
 * manager also at the banner's second store (`second`), so one account shows two stores.
 */
export const DEMO_STAFF_ROLES: {
  customerId: number;
  store: 'demo' | 'second';
  role: 'picker' | 'driver' | 'manager';
}[] = [
  { customerId: 500005, store: 'demo', role: 'picker' },
  { customerId: 500006, store: 'demo', role: 'driver' },
  { customerId: 500007, store: 'demo', role: 'manager' },
  { customerId: 500007, store: 'second', role: 'manager' },
];

/** A club card issued at a store's till, with no online account yet (decision 0102); README lists the first. */
export interface DemoStoreCard {
  clubCard: string;
  houseId: string;
  phone: string;
  firstName: string;
  lastName: string;
  bannerId: string;
  points: number;
}

/**
 * Demo store cards, none linked to an account: the first is README's; the end-to-end tests step up the next two
 * (one per browser project), so each run finds them unlinked in its fresh database.
 */
export const DEMO_STORE_CARDS: DemoStoreCard[] = [
  {
    clubCard: '440012345678',
    houseId: 'HH440012345',
    phone: '2065550123',
    firstName: 'Alex',
    lastName: 'Moreno',
    bannerId: 'greenleaf',
    points: 2450,
  },
  {
    clubCard: '440023456789',
    houseId: 'HH440023456',
    phone: '2065550124',
    firstName: 'Morgan',
    lastName: 'Lee',
    bannerId: 'greenleaf',
    points: 1200,
  },
  {
    clubCard: '440034567890',
    houseId: 'HH440034567',
    phone: '2065550125',
    firstName: 'Taylor',
    lastName: 'Brooks',
    bannerId: 'greenleaf',
    points: 800,
  },
  {
    clubCard: '440045678901',
    houseId: 'HH440045678',
    phone: '6025550126',
    firstName: 'Jamie',
    lastName: 'Ortiz',
    bannerId: 'mesa',
    points: 600,
  },
];
