/**
 * A personal offer (a birthday treat, decision 0097) is its customer's alone, and a refer-a-friend code is shown
 * to its owner only (decision 0098): another signed-in customer cannot open, list or clip the offer by its id, and
 * a sign-up with a bad code changes nothing. Production build, in-process, SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDay } from '~/modules/customers/special-occasion-rules';
import { DIALECTS } from '../integration/support/databases';
import { startInProcessApp, type InProcessApp } from './support/app';

const JORDAN = 500001;
const BART = 500002;
const BART_EMAIL = 'bartholomew@pantry.test';

describe.each(DIALECTS)('personal offers and referral codes belong to their customer, on %s', (dialect) => {
  let app: InProcessApp;
  let offerId: number;

  beforeAll(async () => {
    app = await startInProcessApp(dialect);
    const { timezone } = await app.database.db
      .selectFrom('customers as c')
      .innerJoin('stores as s', 's.id', 'c.store_id')
      .select('s.timezone')
      .where('c.id', '=', JORDAN)
      .executeTakeFirstOrThrow();
    const today = localDay(new Date(), timezone);
    await app.database.db
      .updateTable('customers')
      .set({ birthday_month: Number(today.slice(5, 7)), birthday_day: Number(today.slice(8, 10)) })
      .where('id', '=', JORDAN)
      .execute();
    const jordan = app.browser();
    await jordan.signIn();
    const overview = await jordan.request('/account/overview.html');
    expect(overview.status).toBe(200);
    expect(await overview.text()).toContain('Happy birthday');
    ({ offer_id: offerId } = await app.database.db
      .selectFrom('occasion_offers')
      .select('offer_id')
      .where('customer_id', '=', JORDAN)
      .executeTakeFirstOrThrow());
  });
  afterAll(async () => {
    await app?.close();
  });

  it("refuses another customer Jordan's birthday offer: its page, the gallery, the clip form and the clip API", async () => {
    const bart = app.browser();
    await bart.signIn(BART_EMAIL);
    const clipsBefore = await app.database.db.selectFrom('clips').selectAll().where('offer_id', '=', offerId).execute();

    const details = await bart.request(`/foru/offer-details.${offerId}.html`);
    expect(details.status).toBe(404);
    await details.body?.cancel();
    const gallery = await bart.request('/foru/coupons-deals.html');
    expect(await gallery.text()).not.toContain('Happy birthday');

    const form = await bart.request('/foru/clip', {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'clip', offerId: String(offerId), returnTo: '/foru/coupons-deals.html' }),
    });
    expect(form.status).toBeGreaterThanOrEqual(300);
    await form.body?.cancel();
    const api = await bart.request('/api/offers/clip', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ offerId }),
    });
    expect(api.status).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(await api.json())).not.toContain('Happy birthday');

    const clipsAfter = await app.database.db.selectFrom('clips').selectAll().where('offer_id', '=', offerId).execute();
    expect(clipsAfter).toEqual(clipsBefore);
  });

  it("shows a customer their own referral code, never another's", async () => {
    const jordan = app.browser();
    await jordan.signIn();
    await (await jordan.request('/account/overview.html')).text();
    const bart = app.browser();
    await bart.signIn(BART_EMAIL);
    const page = await (await bart.request('/account/overview.html')).text();
    const codes = await app.database.db.selectFrom('referral_codes').select(['customer_id', 'code']).execute();
    const jordanCode = codes.find((row) => row.customer_id === JORDAN)!.code;
    const bartCode = codes.find((row) => row.customer_id === BART)!.code;
    expect(page).toContain(`${bartCode.slice(0, 4)}-${bartCode.slice(4)}`);
    expect(page).not.toContain(jordanCode.slice(0, 4) + '-' + jordanCode.slice(4));
    expect(page).not.toContain(jordanCode);
  });

  it('changes nothing for a sign-up with an unknown referral code, and says so on the field', async () => {
    const before = await app.snapshot();
    const response = await app.browser().request('/account/create-account.html', {
      method: 'POST',
      body: new URLSearchParams({
        firstName: 'Guess',
        lastName: 'Work',
        email: `guess-${dialect}@pantry.test`,
        phone: '2065550142',
        password: 'Fresh-basil-42',
        zipcode: '98101',
        referralCode: 'ZZZZ-ZZZZ',
      }),
    });
    expect(response.status).toBe(400);
    expect((await response.text()).replaceAll('<!-- -->', '')).toContain('We do not know that referral code');
    const after = await app.snapshot();
    // Only the client's count of codes tried moved.
    expect({ ...after, rate_limits: '' }).toEqual({ ...before, rate_limits: '' });
  });
});
