import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { useTokenVerifierForTests } from '~/modules/access/shopper.server';
import { cartForWriting } from '~/modules/cart/active-cart.server';
import { addToCart } from '~/modules/cart/cart-lines.server';
import { allergenBit, LABELLED } from '~/modules/catalog/label-flags';
import {
  allergyWarnings,
  householdAllergies,
  saveHouseholdAllergies,
} from '~/modules/customers/household-allergies.server';
import { stateVersion, subjectOf } from '~/modules/http/state-versions.server';
import { sessionCookie } from '~/modules/session/session-cookie.server';
import { forgetCachedStores } from '~/modules/stores/stores.server';
import * as allergiesRoute from '~/routes/account.allergies[.]html';
import * as cartRoute from '~/routes/shop.cart[.]html';
import { testIssuer } from '../unit/support/tokens';
import { createSeededTestDatabase, DIALECTS, type TestDatabase } from './support/databases';
import { routeAnswer } from './support/route-answer';

const ORIGIN = 'http://localhost:3000';
const JORDAN = 500001;
/** Made a member of Jordan's household for these tests. */
const PAT = 500003;
const BART = 500002;
const PEANUTS_WARNING = "Contains peanuts — on your household's allergy list";

describe.each(DIALECTS)('household allergy list on %s', (dialect) => {
  let test: TestDatabase;
  let issuer: Awaited<ReturnType<typeof testIssuer>>;
  let peanutProduct: number;
  let plainProduct: number;
  const signedIn = (customerId: number) => ({
    userType: 'C' as const,
    customer: { customerId: String(customerId) } as never,
  });

  beforeAll(async () => {
    test = await createSeededTestDatabase(dialect, { products: 1_500 });
    useDatabaseForTests(test);
    forgetCachedStores();
    issuer = await testIssuer();
    useTokenVerifierForTests(issuer.verifier);
    const jordan = await test.db
      .selectFrom('customers')
      .select('house_id')
      .where('id', '=', JORDAN)
      .executeTakeFirstOrThrow();
    await test.db.updateTable('customers').set({ house_id: jordan.house_id }).where('id', '=', PAT).execute();
    const products = (flags: ReturnType<typeof sql>) =>
      sql<{ id: number }>`select id from products where kind = 'grocery' and attended_delivery_only = 0 and ${flags}
        order by id limit 1`.execute(test.db);
    peanutProduct = Number((await products(sql`(label_flags & ${allergenBit('peanuts')}) <> 0`)).rows[0]!.id);
    // Labelled, and no allergen on the label (whatever else the flags say, such as SNAP eligibility).
    plainProduct = Number(
      (await products(sql`(label_flags & ${LABELLED | (LABELLED - 1)}) = ${LABELLED}`)).rows[0]!.id,
    );
    await test.db
      .deleteFrom('store_product_overrides')
      .where('product_id', 'in', [peanutProduct, plainProduct])
      .execute();
  });
  afterAll(async () => {
    useTokenVerifierForTests(undefined);
    useDatabaseForTests(undefined);
    forgetCachedStores();
    await test?.drop();
  });

  async function cookieOf(customerId: number) {
    const token = await issuer.issue({ customerId: String(customerId), scope: 'openid shop' });
    return (await sessionCookie('user', 'C').serialize({ token })).split(';')[0]!;
  }

  async function post(customerId: number, body: string) {
    const request = new Request(`${ORIGIN}/account/allergies.html`, {
      method: 'POST',
      headers: {
        Host: 'localhost:3000',
        Origin: ORIGIN,
        'Content-Type': 'application/x-www-form-urlencoded',
        Cookie: await cookieOf(customerId),
      },
      body,
    });
    return allergiesRoute.action({ request, params: {}, context: {} }).catch((thrown: unknown) => thrown as Response);
  }

  it('is one list for the whole household: what one member saves, another member sees', async () => {
    const versionBefore = await stateVersion(subjectOf(PAT));
    const answer = (await post(JORDAN, 'intent=save-allergies&allergen=peanuts&allergen=sesame')) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get('Location')).toBe('/account/allergies.html?done=saved');
    expect((await householdAllergies(PAT))!.allergens).toEqual(['peanuts', 'sesame']);
    // Pat's cached pages are stale now: their warnings changed.
    expect(await stateVersion(subjectOf(PAT))).toBeGreaterThan(versionBefore);
    expect((await householdAllergies(BART))!.allergens).toEqual([]);
  });

  it('warns a member about a product containing a listed allergen, and nobody else', async () => {
    await saveHouseholdAllergies(JORDAN, ['peanuts']);
    const warnings = await allergyWarnings(signedIn(PAT), [peanutProduct, plainProduct]);
    expect(warnings).toEqual({ [peanutProduct]: PEANUTS_WARNING });
    expect(await allergyWarnings(signedIn(BART), [peanutProduct])).toEqual({});
    expect(await allergyWarnings({ userType: 'G', customer: null }, [peanutProduct])).toEqual({});
  });

  it("shows the warning on the cart line of a household member's cart", async () => {
    await saveHouseholdAllergies(JORDAN, ['peanuts']);
    const pat = await test.db
      .selectFrom('customers')
      .select(['store_id', 'banner_id'])
      .where('id', '=', PAT)
      .executeTakeFirstOrThrow();
    const banner = await test.db
      .selectFrom('banners')
      .select('default_store_id')
      .where('id', '=', pat.banner_id)
      .executeTakeFirstOrThrow();
    const storeId = pat.store_id ?? banner.default_store_id;
    const cartId = await cartForWriting({ customerId: PAT, bannerId: pat.banner_id, siteType: 'C' }, null, storeId);
    await addToCart(cartId, peanutProduct, 1, storeId);
    await addToCart(cartId, plainProduct, 1, storeId);
    const request = new Request(`${ORIGIN}/shop/cart.html`, {
      headers: { Host: 'localhost:3000', Cookie: await cookieOf(PAT) },
    });
    const { status, body } = await routeAnswer(cartRoute.loader, request);
    expect(status).toBe(200);
    const lines = body.cart.lines as { productId: number; allergyWarning?: string }[];
    expect(lines.find((line) => line.productId === peanutProduct)?.allergyWarning).toBe(PEANUTS_WARNING);
    expect(lines.find((line) => line.productId === plainProduct)?.allergyWarning).toBeUndefined();
  });

  it('refuses an allergen it does not know with a 400 and saves nothing', async () => {
    await saveHouseholdAllergies(JORDAN, ['milk']);
    const answer = (await post(JORDAN, 'intent=save-allergies&allergen=peanuts&allergen=gluten')) as Response;
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { message: string }).message).toBe(
      'Choose allergens from the list: one of them is not one we know.',
    );
    expect((await householdAllergies(JORDAN))!.allergens).toEqual(['milk']);
  });

  it("only ever writes the signed-in customer's household, whatever house id the form names", async () => {
    await saveHouseholdAllergies(BART, ['fish']);
    const bartHouse = (await householdAllergies(BART))!.houseId;
    const answer = (await post(
      JORDAN,
      `intent=save-allergies&allergen=eggs&house_id=${bartHouse}&houseId=${bartHouse}`,
    )) as Response;
    expect(answer.status).toBe(302);
    expect((await householdAllergies(BART))!.allergens).toEqual(['fish']);
    expect((await householdAllergies(JORDAN))!.allergens).toEqual(['eggs']);
  });

  it('clears the list when nothing is ticked', async () => {
    const answer = (await post(PAT, 'intent=save-allergies')) as Response;
    expect(answer.status).toBe(302);
    expect((await householdAllergies(JORDAN))!.allergens).toEqual([]);
  });

  it('changes nothing for a post that is not this form (no intent)', async () => {
    await saveHouseholdAllergies(JORDAN, ['wheat']);
    const answer = (await post(JORDAN, '')) as Response;
    expect(answer.status).toBe(400);
    expect((await householdAllergies(JORDAN))!.allergens).toEqual(['wheat']);
  });
});
