import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import {
  expect,
  hasStorefrontScripts,
  test,
  type Browser,
  type BrowserContext,
  type Page,
  type TestInfo,
} from './test';
import { pageWithoutAppScripts } from './axe';
import { waitForHydration } from './hydration';
import { expectSignedIn, signInOverHttp, signInWithPassword } from './sign-in';

/**
 * Every page route, as the user types that can see it: A (anonymous), G (guest with a store), C (signed-in
 * customer), and on the business host BA (anonymous) and BC (business customer). a11y-pages.spec.ts checks that the
 * list covers app/routes. Walked through `walkPages` by a11y-walk.spec.ts (axe and the WCAG 2.2 checks, on one visit
 * per page and language), the no-JavaScript axe walk (a11y-pages.spec.ts) and wcag22-authentication.spec.ts.
 */

/** The storefront's languages; the page walk (a11y-walk.spec.ts) runs once per language. */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

export type Visitor = 'A' | 'G' | 'C' | 'C2' | 'S' | 'BA' | 'BC';
export interface Visit {
  as: Visitor;
  path: string;
  status?: number;
  /** Reaches the page through the UI when a URL alone cannot (e.g. a one-time handshake, a modal). */
  open?: (page: Page) => Promise<void>;
  /** Why this visit is only made with JavaScript on (what it checks does not exist without it). */
  jsOnly?: string;
}

const ROUTES_DIR = path.resolve('app/routes');
const DATA_DIR = path.resolve('.cache/e2e-data');
const JORDAN = 'jordan@pantry.test';
/** A greenleaf customer without a pharmacy profile (pharmacy account set-up page). */
const BARTHOLOMEW = 'bartholomew@pantry.test';
const BUSINESS_BUYER = 'buyer@harborstreetcafe.test';
/** A store manager at two stores (the staff pages). */
const STORE_MANAGER = 'manager@pantry.test';
const DEFAULT_STORE = 1001;

/**
 * Page routes (a default export) that this walk does not visit, with the reason. Routes without a
 * default export are resource or redirect-only routes (sign-out, auth callbacks, JSON APIs, images):
 * Remix renders no document for them, so they have no markup to check.
 */
export const NOT_WALKED: Record<string, string> = {
  'account.receipt[.]html':
    'a receipt exists only once an order is handed over, which the seed has none of; fulfilment.spec.ts runs axe on one',
};

/** Ids from the seeded demo data (the e2e server seeds .cache/e2e-data before tests start). */
function demoIds() {
  const db = new Database(path.join(DATA_DIR, 'pantry.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const now = new Date().toISOString();
    const offer = db
      .prepare(`SELECT id FROM offers WHERE banner_id = 'greenleaf' AND ends_at > ? ORDER BY id LIMIT 1`)
      .get(now) as { id: number };
    const grocery = db.prepare(`SELECT id FROM products WHERE kind = 'grocery' ORDER BY id LIMIT 1`).get() as {
      id: number;
    };
    const wine = db.prepare(`SELECT id FROM products WHERE kind = 'wine' ORDER BY id LIMIT 1`).get() as { id: number };
    const market = db.prepare(`SELECT id FROM products WHERE kind = 'marketplace' ORDER BY id LIMIT 1`).get() as {
      id: number;
    };
    const seller = db.prepare(`SELECT slug FROM sellers ORDER BY id LIMIT 1`).get() as { slug: string };
    const brand = db.prepare(`SELECT slug FROM brands ORDER BY id LIMIT 1`).get() as { slug: string };
    const recipe = db.prepare(`SELECT slug FROM recipes ORDER BY id LIMIT 1`).get() as { slug: string };
    const reward = db
      .prepare(`SELECT slug FROM rewards WHERE banner_id = 'greenleaf' AND ends_at > ? ORDER BY id LIMIT 1`)
      .get(now) as { slug: string };
    const order = db
      .prepare(`SELECT order_number FROM orders o JOIN customers c ON c.id = o.customer_id WHERE c.email = ?`)
      .get(JORDAN) as { order_number: string };
    return {
      offer: String(offer.id),
      grocery: String(grocery.id),
      wine: String(wine.id),
      market: String(market.id),
      seller: seller.slug,
      brand: brand.slug,
      recipe: recipe.slug,
      reward: reward.slug,
      order: order.order_number,
    };
  } finally {
    db.close();
  }
}

let ids: Record<string, string> | undefined;
/** Fills `{offer}`-style placeholders: the database only exists once the e2e server has started. */
export function resolve(template: string) {
  ids ??= demoIds();
  return template.replace(/\{(\w+)\}/g, (_, key: string) => {
    if (!(key in ids!)) throw new Error(`no demo id for {${key}}`);
    return ids![key]!;
  });
}

export function walk(): Record<string, Visit[]> {
  const everyone = (p: string): Visit[] => [
    { as: 'A', path: p },
    { as: 'C', path: p },
  ];
  return {
    _index: [
      { as: 'A', path: '/' },
      { as: 'A', path: '/?ml=sign-in' },
      {
        as: 'A',
        path: '/ (zipcode dialog)',
        jsOnly:
          'the store chip opens the zipcode dialog only with JavaScript; without it, it links to the store finder',
        open: async (page) => {
          await page.goto('/');
          await waitForHydration(page); // the chip opens the dialog once the page's scripts have run
          await page.getByTestId('store-chip').click();
          await expect(
            page.getByRole('dialog', { name: inEither('Where are you shopping?', '¿Dónde va a comprar?') }),
          ).toBeVisible();
        },
      },
      { as: 'G', path: '/' },
      { as: 'C', path: '/' },
      { as: 'BA', path: '/' },
      { as: 'BC', path: '/' },
    ],
    $: [{ as: 'A', path: '/no/such/page.html', status: 404 }],
    'IAUC408[.]html': [{ as: 'A', path: '/IAUC408.html' }],
    'error-page.500[.]html': [{ as: 'A', path: '/error-page/500.html', status: 500 }],
    'account.addresses[.]html': [{ as: 'C', path: '/account/addresses.html' }],
    'account.confirm-password[.]html': [
      { as: 'C', path: '/account/confirm-password.html?goto=%2Faccount%2Fsecurity.html' },
    ],
    'account.create-account[.]html': [
      { as: 'A', path: '/account/create-account.html' },
      // Where a sign-up whose automatic sign-in did not happen lands (decision 0030).
      { as: 'A', path: '/account/create-account.html?check-email=1' },
      // A new account's first page shows the onboarding modal, once.
      { as: 'A', path: '/ (onboarding modal after sign-up)', open: register },
      { as: 'BA', path: '/account/create-account.html' },
    ],
    'account.delivery-subscription[.]html': [{ as: 'C', path: '/account/delivery-subscription.html' }],
    'account.forgot-password[.]html': [{ as: 'A', path: '/account/forgot-password.html' }],
    'account.linked-apps[.]html': [{ as: 'C', path: '/account/linked-apps.html' }],
    'account.order-summary[.]html': [{ as: 'C', path: `/account/order-summary.html?orderNumber={order}` }],
    'account.orders[.]html': [
      { as: 'C', path: '/account/orders.html' },
      { as: 'BC', path: '/account/orders.html' },
    ],
    'account.overview[.]html': [
      { as: 'C', path: '/account/overview.html' },
      { as: 'BC', path: '/account/overview.html' },
    ],
    'account.allergies[.]html': [{ as: 'C', path: '/account/allergies.html' }],
    'account.pet[.]html': [{ as: 'C', path: '/account/pet.html' }],
    'account.profile[.]html': [{ as: 'C', path: '/account/profile.html' }],
    'account.security[.]html': [{ as: 'C', path: '/account/security.html' }],
    // Without the one-time reset cookie the page answers "Access denied." (403), still a page.
    'account.setpassword[.]html': [{ as: 'A', path: '/account/setpassword.html', status: 403 }],
    'account.sign-in[.]html': [
      { as: 'A', path: '/account/sign-in.html' },
      { as: 'BA', path: '/account/sign-in.html' },
    ],
    'account.signed-out': [{ as: 'A', path: '/account/signed-out' }],
    // Without a pending SAML request the page says so (400); saml.spec.ts runs axe on the answer itself.
    'account.saml.continue': [{ as: 'C', path: '/account/saml/continue', status: 400 }],
    // Without a valid link the page says so (400); tests/e2e/unsubscribe.spec.ts runs axe with a real one.
    'account.unsubscribe[.]html': [{ as: 'A', path: '/account/unsubscribe.html?t=1.x', status: 400 }],
    'b2b.$page': [
      { as: 'BA', path: `/b2b/offer-details.{offer}.html` },
      { as: 'BC', path: `/b2b/offer-details.{offer}.html` },
    ],
    'dev.assistant': [{ as: 'A', path: '/dev/assistant' }],
    'dev.outbox': [{ as: 'A', path: '/dev/outbox' }],
    erums: [{ as: 'C', path: `/erums?orderNumber={order}` }],
    'foru.$page': everyone(`/foru/offer-details.{offer}.html`),
    'foru.coupons-deals[.]html': everyone('/foru/coupons-deals.html'),
    'foru.my-list[.]html': [{ as: 'C', path: '/foru/my-list.html' }],
    'foru.rewards.$page': everyone(`/foru/rewards/{reward}.${DEFAULT_STORE}.html`),
    'foru.rewards[.]html': everyone('/foru/rewards.html'),
    'health.dashboard[.]html': [
      { as: 'A', path: '/health/dashboard.html', status: 401 },
      {
        as: 'C',
        path: '/health/dashboard.html',
        open: async (page) => {
          await page.goto('/pharmacy.html');
          await page
            .getByRole('button', { name: inEither('Open your health dashboard', 'Abrir su panel de salud') })
            .click();
          await expect(page).toHaveURL(/\/health\/dashboard\.html$/);
        },
      },
    ],
    'health.handshake': [{ as: 'A', path: '/health/handshake?token=eyJhbGciOiJIUzI1NiJ9.e30.tampered', status: 400 }],
    'pharmacy.create-account[.]html': [{ as: 'C2', path: '/pharmacy/create-account.html?newPharmacyAccount=true' }],
    'pharmacy[.]html': everyone('/pharmacy.html'),
    // Without a link the content-mode page says what it is for (400); tests/e2e/content-preview.spec.ts runs axe in the mode.
    'content.mode': [{ as: 'A', path: '/content/mode', status: 400 }],
    // Without a token the hand-off page explains that the link has expired.
    'set-store.handoff': [{ as: 'A', path: '/set-store/handoff' }],
    'set-store[.]html': [
      { as: 'A', path: '/set-store.html' },
      { as: 'A', path: '/set-store.html?zipcode=98101&preference=Delivery' },
      { as: 'C', path: '/set-store.html?zipcode=98101&preference=Delivery' },
    ],
    'shop.$page': [
      ...everyone('/shop/aisles.html'),
      ...everyone(`/shop/product-details.{grocery}.html`),
      { as: 'G', path: `/shop/product-details.{grocery}.html` },
      { as: 'BC', path: `/shop/product-details.{grocery}.html` },
      { as: 'A', path: `/shop/offer-details.{offer}.html` },
    ],
    'shop.brand-index': [{ as: 'A', path: '/shop/brand-index' }],
    'shop.brands.$brand': [{ as: 'A', path: `/shop/brands/{brand}` }],
    'shop.buy-it-again[.]html': [{ as: 'C', path: '/shop/buy-it-again.html' }],
    'shop.cart[.]html': [...everyone('/shop/cart.html'), { as: 'BC', path: '/shop/cart.html' }],
    'shop.checkout[.]html': [{ as: 'C', path: '/shop/checkout.html' }],
    'shop.cross-seller-search-results[.]html': [{ as: 'A', path: '/shop/cross-seller-search-results.html?q=milk' }],
    'shop.delivery-subscription.payment[.]html': [
      { as: 'C', path: '/shop/delivery-subscription/payment.html?subscriptioncode=MONTHLY' },
    ],
    'shop.delivery-subscription[.]html': everyone('/shop/delivery-subscription.html'),
    'shop.delivery-welcome[.]html': [{ as: 'G', path: '/shop/delivery-welcome.html' }],
    'shop.lists[.]html': everyone('/shop/lists.html'),
    'shop.lists.add[.]html': [
      { as: 'A', path: '/shop/lists/add.html?productId={grocery}' },
      { as: 'C', path: '/shop/lists/add.html?productId={grocery}' },
    ],
    'shop.lists.$list': [
      {
        as: 'C',
        path: '/shop/lists/{id}.html (Favorites, one product and one free-text item)',
        open: async (page) => {
          await page.goto(resolve('/shop/lists/add.html?productId={grocery}'));
          await page.getByRole('button', { name: inEither('Add to list', 'Agregar a la lista') }).click();
          await page
            .getByRole('textbox', { name: inEither('Add something else', 'Agregar otra cosa') })
            .fill('birthday candles');
          await page.getByRole('button', { name: inEither('Add to list', 'Agregar a la lista') }).click();
          await expect(page.getByTestId('list-items')).toContainText('birthday candles');
        },
      },
    ],
    'shop.lists.store.$list': [
      {
        as: 'C',
        path: '/shop/lists/store/{id}.html',
        open: async (page) => {
          await page.goto(resolve('/shop/lists/add.html?productId={grocery}'));
          await page.getByRole('button', { name: inEither('Add to list', 'Agregar a la lista') }).click();
          // The walk is about the store-mode page: it is opened at the link's address (the click itself is
          // shopping-lists.spec.ts's); a click landing as the list page settles was seen to go nowhere under load.
          const storeMode = page.getByRole('link', { name: inEither('Store mode', 'Modo tienda') });
          await page.goto((await storeMode.getAttribute('href'))!);
          await expect(page.getByTestId('store-item').first()).toBeVisible();
        },
      },
    ],
    'shop.marketplace.$page': [{ as: 'A', path: `/shop/marketplace/product-details.{market}.html` }],
    'shop.marketplace.search-results[.]html': [{ as: 'A', path: '/shop/marketplace/search-results.html' }],
    'shop.marketplace.sellers.$seller': [{ as: 'A', path: `/shop/marketplace/sellers/{seller}.html` }],
    'shop.recipes.$slug': [{ as: 'A', path: `/shop/recipes/{recipe}.html` }],
    'shop.search-results[.]html': [
      ...everyone('/shop/search-results.html?q=milk'),
      { as: 'G', path: '/shop/search-results.html?q=milk' },
      { as: 'A', path: '/shop/search-results.html?q=milk&tab=recipes' },
      { as: 'A', path: '/shop/search-results.html?q=zzzzqqq' },
      { as: 'A', path: '/shop/search-results.html' },
      { as: 'BC', path: '/shop/search-results.html?q=milk' },
    ],
    'shop.slots[.]html': everyone('/shop/slots.html'),
    'shop.weekly-ad[.]html': [
      ...everyone('/shop/weekly-ad.html'),
      { as: 'A', path: '/shop/weekly-ad.html?view=print' },
      { as: 'A', path: '/shop/weekly-ad.html?department=nosuchdepartment' },
    ],
    'shop.vineandcellar.$page': [{ as: 'A', path: `/shop/vineandcellar/product-details.{wine}.html` }],
    'shop.vineandcellar.search-results[.]html': [{ as: 'A', path: '/shop/vineandcellar/search-results.html' }],
    'staff._index': [
      { as: 'S', path: '/staff' },
      { as: 'C', path: '/staff', status: 403 },
    ],
    'staff.orders._index': [
      { as: 'S', path: `/staff/orders?store=${DEFAULT_STORE}&show=all` },
      { as: 'C', path: `/staff/orders?store=${DEFAULT_STORE}`, status: 403 },
    ],
    // Jordan's past order, at the demo store: a delivered order's pick list, without forms.
    'staff.orders.$orderNumber': [{ as: 'S', path: `/staff/orders/{order}?store=${DEFAULT_STORE}` }],
    'staff.store': [{ as: 'S', path: `/staff/store?store=${DEFAULT_STORE}` }],
  };
}

/** A control's name in either language the walks use (a visit's set-up runs in the walk's language). */
const inEither = (english: string, spanish: string) =>
  new RegExp(`^(${[english, spanish].map((words) => words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`);

async function register(page: Page) {
  await page.goto('/account/create-account.html');
  for (const [label, value] of [
    [inEither('First name', 'Nombre'), 'Ada'],
    [inEither('Last name', 'Apellido'), 'Tester'],
    [
      inEither('Email', 'Correo electrónico'),
      `ada-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@pantry.test`,
    ],
    [inEither('Mobile phone', 'Teléfono celular'), '2065550100'],
    [inEither('Password', 'Contraseña'), 'Fresh-basil-42'],
    [inEither('ZIP code', 'Código postal'), '98101'],
  ] as const)
    await page.getByLabel(label).fill(value);
  await page.getByRole('button', { name: inEither('Create account', 'Crear cuenta') }).click();
  await expect(page.getByTestId('onboarding-modal')).toBeVisible();
  // With scripts the server-rendered dialog becomes modal once its own component has hydrated, after the page's root.
  if (test.info().project.name === 'js')
    await page.waitForFunction(() => document.querySelector('[data-testid=onboarding-modal]')?.matches(':modal'));
}

/** Route files that render a page (a default export), by Remix route id (file name without extension). */
export function pageRoutes(): string[] {
  return readdirSync(ROUTES_DIR)
    .filter((file) => /\.tsx?$/.test(file))
    .filter((file) => /^export default\b/m.test(readFileSync(path.join(ROUTES_DIR, file), 'utf8')))
    .map((file) => file.replace(/\.tsx?$/, ''))
    .sort();
}

// Signed-in states, made once per worker and copied into each test's fresh context.
const states = new Map<Visitor, Promise<StorageState>>();

export function originFor(as: Visitor, baseURL: string) {
  if (!as.startsWith('B')) return baseURL;
  const url = new URL(baseURL);
  return `http://business.localhost:${url.port}`;
}

async function stateFor(browser: Browser, as: Visitor, baseURL: string) {
  if (!states.has(as)) {
    states.set(
      as,
      (async () => {
        const context = await browser.newContext({ baseURL: originFor(as, baseURL) });
        try {
          const page = await context.newPage();
          if (as === 'G') {
            await page.goto(`/?storeId=${DEFAULT_STORE}&preference=DELIVERY&zipcode=98101`);
            await expect(page.getByTestId('store-chip')).toContainText('Delivery');
          } else if (as === 'S') {
            await signInOverHttp(page, STORE_MANAGER, 'Dana');
          } else if (as === 'C' || as === 'C2') {
            // Signing in is not what this walk checks: over HTTP, then one page so page scripts store what they do.
            await signInOverHttp(page, as === 'C' ? JORDAN : BARTHOLOMEW, as === 'C' ? 'Jordan' : 'Bartholomew');
            await page.goto('/');
          } else if (as === 'BC') {
            // Through the pages: Node's resolver (the HTTP client's) does not resolve business.localhost; Chromium does.
            await signInWithPassword(page, BUSINESS_BUYER);
            await expectSignedIn(page, 'Priya');
            // The first signed-in page shows the onboarding modal once: seen here, not on the walked pages.
            await page.goto('/');
          }
          return await context.storageState();
        } finally {
          await context.close();
        }
      })(),
    );
  }
  return states.get(as)!;
}

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Opens a context as the visitor, the way each test page is seen: the project's device, no JS bundles for nojs. */
export async function contextFor(
  browser: Browser,
  as: Visitor,
  baseURL: string,
  testInfo: TestInfo,
  language: Language = 'en',
) {
  const storageState = as === 'A' || as === 'BA' ? undefined : await stateFor(browser, as, baseURL);
  const { viewport, userAgent, deviceScaleFactor } = testInfo.project.use;
  // axe is a script: without JavaScript the page is the no-JS markup, in a page of a context that runs scripts but
  // never loads the app's bundles (support/axe.ts), in one visit.
  const context = await browser.newContext({
    javaScriptEnabled: true,
    viewport,
    userAgent,
    deviceScaleFactor,
    baseURL: originFor(as, baseURL),
    storageState,
    // Another language is asked for the way a browser asks for it (English is the project's default locale).
    ...(language === 'en' ? {} : { locale: language, extraHTTPHeaders: { 'Accept-Language': language } }),
  });
  const newPage = () => (testInfo.project.name === 'nojs' ? pageWithoutAppScripts(context) : context.newPage());
  return { context, storageState, newPage };
}

/**
 * Puts a shared context back to the visitor's starting state before the next page: the cookies and this origin's
 * storage it was opened with, so no page sees what an earlier visit left (a chosen store, a guest session).
 */
export async function resetTo(context: BrowserContext, page: Page, origin: string, state: StorageState | undefined) {
  await context.clearCookies();
  if (state?.cookies.length) await context.addCookies(state.cookies);
  if (page.url().startsWith(origin)) {
    const items = state?.origins.find((entry) => entry.origin === origin)?.localStorage ?? [];
    await page.evaluate((entries) => {
      localStorage.clear();
      sessionStorage.clear();
      for (const { name, value } of entries) localStorage.setItem(name, value);
    }, items);
  }
}

export interface WalkedPage {
  route: string;
  visit: Visit;
  /** The origin the visit is made on (the business host for BA and BC). */
  origin: string;
  language: Language;
}

/** Opens the visit's page: through the UI when it has `open`, else by URL, checking status and no redirect. */
export async function openVisit(page: Page, visit: Visit, origin: string) {
  if (visit.open) {
    await visit.open(page);
    // A visit through the UI can end on a page its clicks navigated to: checked once it has hydrated, as `goto` does.
    if (test.info().project.name === 'js' && (await hasStorefrontScripts(page))) await waitForHydration(page);
    return;
  }
  const target = resolve(visit.path);
  const response = await page.goto(target);
  expect(response?.status(), 'status').toBe(visit.status ?? 200);
  expect(new URL(page.url()).pathname, 'not redirected').toBe(new URL(target, origin).pathname);
}

export const visitName = ({ route, visit }: { route: string; visit: Visit }) =>
  `${route}: ${visit.path} as ${visit.as}`;

/**
 * Registers tests that open every walked page and run `check` on it. Visits that reach their page through the UI
 * (`open`) change who the visitor is (a sign-up signs in, a handshake sets a cookie), so each has a context of its
 * own. The others are walked several to a test in one context per visitor type, reset between pages: a context,
 * its first page load and the worker's test set-up are paid once per group instead of once per page. Each page is
 * a step named after its route, path and visitor, checked softly so every page of a group is reported.
 */
export function walkPages(options: {
  /** Prefixes each test's name ('' for none). */
  title: string;
  check: (page: Page, walked: WalkedPage) => Promise<void>;
  language?: Language;
  groupSize?: number;
}) {
  const { title, check, language = 'en', groupSize = 6 } = options;
  const prefix = `${title}${language === 'en' ? '' : ` [${language}]`}${title || language !== 'en' ? ': ' : ''}`;
  const visitsOf = Object.entries(walk()).flatMap(([route, visits]) => visits.map((visit) => ({ route, visit })));

  for (const item of visitsOf.filter(({ visit }) => visit.open)) {
    test(`${prefix}${visitName(item)}`, async ({ browser, baseURL }, testInfo) => {
      const { visit } = item;
      if (testInfo.project.name === 'nojs' && visit.jsOnly) {
        console.log(`skipped without JavaScript: ${visit.jsOnly}`);
        test.skip(true, visit.jsOnly);
      }
      const origin = originFor(visit.as, baseURL!);
      const { context, newPage } = await contextFor(browser, visit.as, baseURL!, testInfo, language);
      try {
        const page = await newPage();
        await openVisit(page, visit, origin);
        await check(page, { ...item, origin, language });
      } finally {
        await context.close();
      }
    });
  }

  const byVisitor = new Map<Visitor, { route: string; visit: Visit }[]>();
  for (const item of visitsOf.filter(({ visit }) => !visit.open)) {
    if (item.visit.jsOnly)
      throw new Error(`${visitName(item)}: a JavaScript-only visit must open its page through the UI`);
    byVisitor.set(item.visit.as, [...(byVisitor.get(item.visit.as) ?? []), item]);
  }
  for (const [as, items] of byVisitor) {
    for (let start = 0; start < items.length; start += groupSize) {
      const group = items.slice(start, start + groupSize);
      test(`${prefix}as ${as}, pages ${start + 1}–${start + group.length} of ${items.length}: ${group
        .map(({ visit }) => visit.path)
        .join(', ')}`, async ({ browser, baseURL }, testInfo) => {
        // The same time per page as when each page was a test of its own.
        test.setTimeout(testInfo.timeout * group.length);
        const origin = originFor(as, baseURL!);
        const { context, storageState, newPage } = await contextFor(browser, as, baseURL!, testInfo, language);
        try {
          const page = await newPage();
          for (const item of group) {
            await test.step(visitName(item), async () => {
              await resetTo(context, page, origin, storageState);
              await openVisit(page, item.visit, origin)
                .then(() => check(page, { ...item, origin, language }))
                .catch((error: unknown) => {
                  expect.soft(String(error), `${visitName(item)} in ${language}`).toBe('');
                });
            });
          }
        } finally {
          await context.close();
        }
      });
    }
  }
}
