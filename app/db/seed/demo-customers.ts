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
