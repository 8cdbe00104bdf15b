import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { addressSelectionsSchema } from '~/db/migrations/0009-address-selections';
import { useTokenVerifierForTests } from '~/modules/access/shopper.server';
import { ADDRESS_MESSAGES, newAddressSchema } from '~/modules/customers/address-rules';
import { addAddress, deleteAddress, listAddresses, selectAddress } from '~/modules/customers/addresses.server';
import { parseDeliveryAddress } from '~/modules/customers/delivery-address';
import { PET_MESSAGES } from '~/modules/customers/pet-rules';
import { deletePet, getPet, updatePet } from '~/modules/customers/pets.server';
import { addAddress as addCheckoutAddress, customerAddresses } from '~/modules/orders/checkout.server';
import { sessionCookie } from '~/modules/session/session-cookie.server';
import { forgetCachedStores } from '~/modules/stores/stores.server';
import * as addressesRoute from '~/routes/api.customers.$customerId.addresses';
import * as addressRoute from '~/routes/api.customers.$customerId.addresses.$addressId';
import * as selectedRoute from '~/routes/api.customers.$customerId.addresses.selected';
import * as petsRoute from '~/routes/api.customers.$customerId.pets';
import * as petRoute from '~/routes/api.customers.$customerId.pets.$petId';
import * as userInfoRoute from '~/routes/api.userinfo';
import { testIssuer } from '../unit/support/tokens';
import { createSeededTestDatabase, DIALECTS, type TestDatabase } from './support/databases';

const JORDAN = 500001; // Greenleaf Market: a seeded Home address (selected) and Biscuit the dog
const SAM = 500004; // Mesa Fresh: no address, no pet

const issuer = await testIssuer();

interface Route {
  loader?: (args: LoaderFunctionArgs) => Promise<Response>;
  action?: (args: ActionFunctionArgs) => Promise<Response>;
}

interface Call {
  as?: number | null;
  method?: string;
  body?: unknown;
  host?: string;
  headers?: Record<string, string>;
  params?: Record<string, string>;
  query?: string;
}

/** Calls a resource route the way Remix does, with a signed-in customer's user cookie. */
async function call(route: Route, path: string, options: Call = {}) {
  const host = options.host ?? 'localhost:3000';
  const method = options.method ?? 'GET';
  const headers = new Headers({ Host: host, ...options.headers });
  if (options.as) {
    const token = await issuer.issue({ customerId: String(options.as), firstName: 'Tester' });
    headers.set('Cookie', (await sessionCookie('user', 'C').serialize({ token })).split(';')[0]!);
  }
  if (options.body !== undefined) {
    if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    headers.set('Origin', `http://${host}`);
    headers.set('Sec-Fetch-Site', headers.get('Sec-Fetch-Site') ?? 'same-origin');
  } else if (method !== 'GET') headers.set('Origin', headers.get('Origin') ?? `http://${host}`);
  const request = new Request(`http://${host}${path}${options.query ?? ''}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const args = { request, params: options.params ?? {}, context: {} };
  let response: Response;
  try {
    response = method === 'GET' ? await route.loader!(args) : await route.action!(args);
  } catch (thrown) {
    if (thrown instanceof Response) response = thrown;
    else throw thrown;
  }
  return { status: response.status, body: (await response.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const elm = {
  addressName: 'Cabin',
  address1: '12 Elm St',
  address2: 'Unit 3',
  city: 'Seattle',
  stateCode: 'WA',
  country: 'US',
  postalCode: '98101-1234',
  addressTypes: ['DELIVERY', 'BILLING'],
  purposes: ['DELIVERY', 'BILLING'],
};

describe.each(DIALECTS)('addresses and pet profiles on %s', (dialect) => {
  let test: TestDatabase;
  const addressCount = async (customerId: number) =>
    Number(
      (
        await test.db
          .selectFrom('customer_addresses')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('customer_id', '=', customerId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const deliveryAddressOf = async (customerId: number, host = 'localhost:3000') =>
    (await call(userInfoRoute as Route, '/api/userinfo', { as: customerId, host })).body.customer.deliveryAddress as
      string | null;

  beforeAll(async () => {
    test = await createSeededTestDatabase(dialect, { products: 300 });
    useDatabaseForTests(test);
    useTokenVerifierForTests(issuer.verifier);
    forgetCachedStores();
  });
  afterAll(async () => {
    useTokenVerifierForTests(undefined);
    useDatabaseForTests(undefined);
    forgetCachedStores();
    await test?.drop();
  });

  describe('addresses', () => {
    const jordanPath = `/api/customers/${JORDAN}/addresses`;
    const jordanParams = { customerId: String(JORDAN) };

    it("lists the customer's addresses in the spec's field names, with where each is selected", async () => {
      const { status, body } = await call(addressesRoute as Route, jordanPath, { as: JORDAN, params: jordanParams });
      expect(status).toBe(200);
      expect(body.customerId).toBe(String(JORDAN));
      expect(body.banner).toBe('greenleaf');
      expect(body.addresses).toHaveLength(1);
      expect(body.addresses[0]).toMatchObject({
        addressId: expect.any(Number),
        addressName: 'Home',
        address2: 'Apt 4B',
        country: 'US',
        postalCode: expect.stringMatching(/^\d{5}$/),
        postalCodeExtn: expect.stringMatching(/^\d{4}$/),
        addressTypes: ['DELIVERY', 'BILLING'],
        purposes: ['DELIVERY', 'BILLING'],
        addressHash: expect.stringMatching(/^[0-9a-f]{64}$/),
        isSelectedAddress: true,
        selectedPurposes: ['DELIVERY', 'BILLING'],
        selections: [{ banner: 'greenleaf', purposes: ['DELIVERY', 'BILLING'] }],
      });
    });

    it('adds an address with its postal code split, selected for deliveries on this banner, and user info follows', async () => {
      const before = await deliveryAddressOf(JORDAN);
      expect(parseDeliveryAddress(before!)).toMatchObject({ addressName: 'Home' });
      const { status, body } = await call(addressesRoute as Route, jordanPath, {
        as: JORDAN,
        params: jordanParams,
        method: 'POST',
        body: { ...elm, isSelectedAddress: true, selectedAddressPurposes: ['DELIVERY'], addressHash: 'client-made' },
      });
      expect(status).toBe(201);
      expect(body).toMatchObject({ created: true, message: ADDRESS_MESSAGES.added });
      expect(body.address).toMatchObject({
        addressName: 'Cabin',
        postalCode: '98101',
        postalCodeExtn: '1234',
        isSelectedAddress: true,
        selectedPurposes: ['DELIVERY'],
      });
      expect(body.address.addressHash).not.toBe('client-made');
      const row = await test.db
        .selectFrom('customer_addresses')
        .selectAll()
        .where('id', '=', body.address.addressId)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        customer_id: JORDAN,
        postal_code: '98101',
        postal_code_extn: '1234',
        state_code: 'WA',
      });
      // Spec: deliveryAddress is a comma list of type, adr1, adr2, city, st, zip and addressName.
      expect(await deliveryAddressOf(JORDAN)).toBe('DELIVERY,12 Elm St,Unit 3,Seattle,WA,98101,Cabin');
      // Billing stays with Home: one selected address per banner and purpose.
      const selected = await call(selectedRoute as Route, `${jordanPath}/selected`, {
        as: JORDAN,
        params: jordanParams,
      });
      expect(selected.body.banner).toBe('greenleaf');
      expect(selected.body.selected).toEqual([
        { addressId: body.address.addressId, banner: 'greenleaf', purposes: ['DELIVERY'] },
        { addressId: expect.any(Number), banner: 'greenleaf', purposes: ['BILLING'] },
      ]);
      expect(selected.body.selected[1].addressId).not.toBe(body.address.addressId);
    });

    it('does not save the same place twice, and says so', async () => {
      const count = await addressCount(JORDAN);
      const { status, body } = await call(addressesRoute as Route, jordanPath, {
        as: JORDAN,
        params: jordanParams,
        method: 'POST',
        body: { ...elm, addressName: 'Another name', address1: '12 ELM ST.', postalCode: '98101' },
      });
      expect(status).toBe(200);
      expect(body).toMatchObject({ created: false, message: ADDRESS_MESSAGES.duplicate });
      expect(body.address.addressName).toBe('Cabin');
      expect(await addressCount(JORDAN)).toBe(count);
    });

    it('keeps one row when the same address is saved twice at once', async () => {
      const input = newAddressSchema.parse({ ...elm, address1: '77 Race Ave', purposes: ['BILLING'] });
      const [a, b] = await Promise.all([addAddress(SAM, 'mesa', input), addAddress(SAM, 'mesa', input)]);
      expect(a.ok && b.ok).toBe(true);
      if (!a.ok || !b.ok) return;
      expect(a.address.addressId).toBe(b.address.addressId);
      expect([a.created, b.created].sort()).toEqual([false, true]);
      expect(await deleteAddress(SAM, a.address.addressId)).toEqual({ ok: true });
    });

    it.each([
      [
        { ...elm, stateCode: 'OR' },
        'INVALID_ADDRESS',
        'ZIP code 98101 is not in Oregon. Please check the state and ZIP code.',
      ],
      [{ ...elm, postalCode: '00000' }, 'INVALID_ADDRESS', ADDRESS_MESSAGES.zipUnknown],
      [{ ...elm, postalCode: '98101-12' }, 'BAD_REQUEST', ADDRESS_MESSAGES.postalCode],
      [{ ...elm, city: '' }, 'BAD_REQUEST', ADDRESS_MESSAGES.city],
      [{ ...elm, stateCode: 'ZZ' }, 'BAD_REQUEST', ADDRESS_MESSAGES.stateCode],
      [{ ...elm, purposes: [] }, 'BAD_REQUEST', ADDRESS_MESSAGES.purposes],
    ])('refuses bad input and changes nothing (%#)', async (body, code, message) => {
      const count = await addressCount(JORDAN);
      const answer = await call(addressesRoute as Route, jordanPath, {
        as: JORDAN,
        params: jordanParams,
        method: 'POST',
        body: { ...body, address1: '500 New Pl' },
      });
      expect(answer).toEqual({ status: 400, body: { error: { code, message } } });
      expect(await addressCount(JORDAN)).toBe(count);
    });

    it('refuses a cross-site post and a body that is not JSON, changing nothing', async () => {
      const count = await addressCount(JORDAN);
      const crossSite = await call(addressesRoute as Route, jordanPath, {
        as: JORDAN,
        params: jordanParams,
        method: 'POST',
        body: { ...elm, address1: '1 Forged Way' },
        headers: { 'Sec-Fetch-Site': 'cross-site' },
      });
      expect(crossSite.status).toBe(403);
      expect(crossSite.body.code).toBe('CROSS_SITE_REQUEST');
      const form = await call(addressesRoute as Route, jordanPath, {
        as: JORDAN,
        params: jordanParams,
        method: 'POST',
        body: { ...elm, address1: '1 Form Way' },
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      expect(form).toEqual({
        status: 415,
        body: { error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send this request as application/json.' } },
      });
      expect(await addressCount(JORDAN)).toBe(count);
    });

    it('selects an address per banner and purpose: another banner has its own delivery address', async () => {
      const list = await listAddresses(JORDAN, 'greenleaf');
      const home = list.find((address) => address.addressName === 'Home')!;
      const cabin = list.find((address) => address.addressName === 'Cabin')!;
      const answer = await call(selectedRoute as Route, `${jordanPath}/selected`, {
        as: JORDAN,
        params: jordanParams,
        method: 'PUT',
        body: { addressId: home.addressId, banner: 'mesa', purposes: ['DELIVERY'] },
      });
      expect(answer).toEqual({
        status: 200,
        body: { addressId: home.addressId, banner: 'mesa', purposes: ['DELIVERY'] },
      });
      expect(parseDeliveryAddress((await deliveryAddressOf(JORDAN, 'mesa.localhost:3000'))!)?.addressName).toBe('Home');
      expect(parseDeliveryAddress((await deliveryAddressOf(JORDAN))!)?.addressName).toBe('Cabin');
      const mesa = await call(selectedRoute as Route, `${jordanPath}/selected`, {
        as: JORDAN,
        params: jordanParams,
        query: '?banner=mesa',
      });
      expect(mesa.body).toEqual({
        banner: 'mesa',
        selected: [{ addressId: home.addressId, banner: 'mesa', purposes: ['DELIVERY'] }],
      });
      // Choosing Home for deliveries here again takes the place of Cabin (POST works as PUT).
      const back = await call(selectedRoute as Route, `${jordanPath}/selected`, {
        as: JORDAN,
        params: jordanParams,
        method: 'POST',
        body: { addressId: home.addressId, purposes: ['DELIVERY'] },
      });
      expect(back.body).toEqual({ addressId: home.addressId, banner: 'greenleaf', purposes: ['DELIVERY'] });
      expect(parseDeliveryAddress((await deliveryAddressOf(JORDAN))!)?.addressName).toBe('Home');
      const after = await listAddresses(JORDAN, 'greenleaf');
      expect(after.find((address) => address.addressId === cabin.addressId)?.selectedPurposes).toEqual([]);
      expect(after[0]!.addressId).toBe(home.addressId);
    });

    it('refuses a selection for a purpose the address is not used for', async () => {
      const billingOnly = await addAddress(
        JORDAN,
        'greenleaf',
        newAddressSchema.parse({ ...elm, address1: '9 Ledger Ln', purposes: ['BILLING'] }),
      );
      if (!billingOnly.ok) throw new Error(billingOnly.message);
      const answer = await call(selectedRoute as Route, `${jordanPath}/selected`, {
        as: JORDAN,
        params: jordanParams,
        method: 'PUT',
        body: { addressId: billingOnly.address.addressId, purposes: ['DELIVERY'] },
      });
      expect(answer).toEqual({
        status: 400,
        body: { error: { code: 'PURPOSE_NOT_ALLOWED', message: ADDRESS_MESSAGES.purposeNotAllowed } },
      });
      expect(parseDeliveryAddress((await deliveryAddressOf(JORDAN))!)?.addressName).toBe('Home');
      await deleteAddress(JORDAN, billingOnly.address.addressId);
    });

    it('edits an address, refuses an edit into a twin of another, and removes one with its selections', async () => {
      const list = await listAddresses(JORDAN, 'greenleaf');
      const home = list.find((address) => address.addressName === 'Home')!;
      const cabin = list.find((address) => address.addressName === 'Cabin')!;
      const path = `${jordanPath}/${cabin.addressId}`;
      const params = { ...jordanParams, addressId: String(cabin.addressId) };
      const edited = await call(addressRoute as Route, path, {
        as: JORDAN,
        params,
        method: 'PUT',
        body: { ...elm, addressName: 'Lake cabin', postalCode: '98101-4321' },
      });
      expect(edited.status).toBe(200);
      expect(edited.body.address).toMatchObject({ addressName: 'Lake cabin', postalCodeExtn: '4321' });
      const twin = await call(addressRoute as Route, path, {
        as: JORDAN,
        params,
        method: 'PUT',
        body: {
          ...elm,
          address1: home.address1,
          address2: home.address2,
          city: home.city,
          stateCode: home.stateCode,
          postalCode: home.postalCode,
        },
      });
      expect(twin).toEqual({
        status: 409,
        body: { error: { code: 'DUPLICATE_ADDRESS', message: 'You already saved this address.' } },
      });
      expect((await call(addressRoute as Route, path, { as: JORDAN, params })).body.address.addressName).toBe(
        'Lake cabin',
      );

      // Removing the selected delivery address leaves user info with none on this banner.
      const homeParams = { ...jordanParams, addressId: String(home.addressId) };
      const removed = await call(addressRoute as Route, `${jordanPath}/${home.addressId}`, {
        as: JORDAN,
        params: homeParams,
        method: 'DELETE',
      });
      expect(removed).toEqual({
        status: 200,
        body: { addressId: home.addressId, deleted: true, message: ADDRESS_MESSAGES.deleted },
      });
      expect(await deliveryAddressOf(JORDAN)).toBeNull();
      expect(
        await test.db
          .selectFrom('customer_address_selections')
          .select('purpose')
          .where('address_id', '=', home.addressId)
          .execute(),
      ).toEqual([]);
      const gone = await call(addressRoute as Route, `${jordanPath}/${home.addressId}`, {
        as: JORDAN,
        params: homeParams,
      });
      expect(gone).toEqual({ status: 404, body: { error: { code: 'NOT_FOUND', message: ADDRESS_MESSAGES.notFound } } });
    });

    it("answers 404 for another customer's address, through any call, and changes nothing", async () => {
      const jordans = await listAddresses(JORDAN, 'greenleaf');
      const target = jordans[0]!;
      const before = await test.db
        .selectFrom('customer_addresses')
        .selectAll()
        .where('customer_id', '=', JORDAN)
        .execute();
      const samParams = { customerId: String(SAM), addressId: String(target.addressId) };
      const samPath = `/api/customers/${SAM}/addresses/${target.addressId}`;
      const notFound = { code: 'NOT_FOUND', message: ADDRESS_MESSAGES.notFound };
      expect(await call(addressRoute as Route, samPath, { as: SAM, params: samParams })).toEqual({
        status: 404,
        body: { error: notFound },
      });
      expect(
        await call(addressRoute as Route, samPath, {
          as: SAM,
          params: samParams,
          method: 'PUT',
          body: { ...elm, address1: '1 Taken St' },
        }),
      ).toEqual({ status: 404, body: { error: notFound } });
      expect(await call(addressRoute as Route, samPath, { as: SAM, params: samParams, method: 'DELETE' })).toEqual({
        status: 404,
        body: { error: notFound },
      });
      expect(
        await call(selectedRoute as Route, `/api/customers/${SAM}/addresses/selected`, {
          as: SAM,
          params: { customerId: String(SAM) },
          method: 'PUT',
          body: { addressId: target.addressId, purposes: ['DELIVERY'] },
        }),
      ).toEqual({ status: 404, body: { error: notFound } });
      // Sam naming Jordan's customer id in the path is not found either.
      const jordanAsSam = await call(addressesRoute as Route, jordanPath, { as: SAM, params: jordanParams });
      expect(jordanAsSam).toEqual({
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'We could not find that customer.' } },
      });
      expect(
        (await call(addressesRoute as Route, jordanPath, { as: SAM, params: jordanParams, method: 'POST', body: elm }))
          .status,
      ).toBe(404);
      // The module refuses the same way when called directly.
      expect(await deleteAddress(SAM, target.addressId)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
      expect(await selectAddress(SAM, 'mesa', { addressId: target.addressId, purposes: ['DELIVERY'] })).toMatchObject({
        ok: false,
        code: 'NOT_FOUND',
      });
      expect(
        await test.db.selectFrom('customer_addresses').selectAll().where('customer_id', '=', JORDAN).execute(),
      ).toEqual(before);
      expect(
        await test.db.selectFrom('customer_address_selections').selectAll().where('customer_id', '=', SAM).execute(),
      ).toEqual([]);
    });

    it('asks a caller who is not signed in to sign in', async () => {
      expect(await call(addressesRoute as Route, jordanPath, { params: jordanParams })).toEqual({
        status: 401,
        body: { error: { code: 'SIGN_IN_REQUIRED', message: 'Sign in to see and change your account.' } },
      });
    });

    it('offers checkout the selected delivery address first, and saves checkout addresses through the address book', async () => {
      const customer = { customerId: SAM, bannerId: 'mesa' };
      const saved = await addCheckoutAddress(customer, {
        address1: '40 Mesa Rd',
        address2: '',
        city: 'Phoenix',
        state: 'az',
        zipcode: '85001',
      });
      expect(saved).toMatchObject({ ok: true, created: true, address: { selectedPurposes: ['DELIVERY'] } });
      const second = await addCheckoutAddress(customer, {
        address1: '41 Mesa Rd',
        address2: '',
        city: 'Phoenix',
        state: 'AZ',
        zipcode: '85001',
      });
      if (!second.ok) throw new Error(second.message);
      const list = await customerAddresses(customer);
      expect(list.map((address) => [address.line, address.selected])).toEqual([
        ['41 Mesa Rd', true],
        ['40 Mesa Rd', false],
      ]);
      const wrongState = await addCheckoutAddress(customer, {
        address1: '42 Mesa Rd',
        address2: '',
        city: 'Phoenix',
        state: 'WA',
        zipcode: '85001',
      });
      expect(wrongState).toMatchObject({ ok: false, code: 'INVALID_ADDRESS' });
      expect(await customerAddresses(customer)).toHaveLength(2);
    });

    it('carries selections made before migration 0009 over, one per purpose', async () => {
      const row = await test.db
        .insertInto('customer_addresses')
        .values({
          customer_id: SAM,
          address_name: 'Old',
          address1: '1 Legacy Ct',
          address2: '',
          city: 'Phoenix',
          state_code: 'AZ',
          country: 'US',
          postal_code: '85001',
          postal_code_extn: '',
          address_types: 'DELIVERY,BILLING',
          purposes: 'DELIVERY,BILLING',
          address_hash: 'legacy-1',
          is_selected: 1,
          selected_banner: 'sunridge',
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const kept = await test.db.selectFrom('customer_address_selections').selectAll().execute();
      await test.db.schema.dropTable('customer_address_selections').execute();
      await addressSelectionsSchema.up(test.db);
      const carried = await test.db
        .selectFrom('customer_address_selections')
        .select(['banner_id', 'purpose'])
        .where('address_id', '=', row.id)
        .orderBy('purpose')
        .execute();
      expect(carried).toEqual([
        { banner_id: 'sunridge', purpose: 'BILLING' },
        { banner_id: 'sunridge', purpose: 'DELIVERY' },
      ]);
      // The rest of this run's selections are put back as they were.
      await test.db.deleteFrom('customer_address_selections').execute();
      if (kept.length > 0) await test.db.insertInto('customer_address_selections').values(kept).execute();
      await test.db.deleteFrom('customer_addresses').where('id', '=', row.id).execute();
    });
  });

  describe('pet profiles', () => {
    const petsPath = `/api/customers/${JORDAN}/pets`;
    const params = { customerId: String(JORDAN) };
    const petCount = async (customerId: number) =>
      (await test.db.selectFrom('pets').select('id').where('customer_id', '=', customerId).execute()).length;

    it("lists the customer's pets: the seeded Biscuit", async () => {
      const { status, body } = await call(petsRoute as Route, petsPath, { as: JORDAN, params });
      expect(status).toBe(200);
      expect(body).toEqual({
        customerId: String(JORDAN),
        pets: [
          {
            petId: expect.any(Number),
            name: 'Biscuit',
            type: 'Dog',
            breed: 'Golden Retriever',
            birthday: '2021-04-18',
            photo: 'pet-dog',
          },
        ],
      });
    });

    it('creates, gets by petId, updates and deletes a pet profile', async () => {
      const created = await call(petsRoute as Route, petsPath, {
        as: JORDAN,
        params,
        method: 'POST',
        body: { name: 'Mochi', type: 'Cat', breed: '', birthday: '2022-09-01' },
      });
      expect(created.status).toBe(201);
      const pet = created.body.pet;
      expect(pet).toEqual({
        petId: expect.any(Number),
        name: 'Mochi',
        type: 'Cat',
        breed: '',
        birthday: '2022-09-01',
        photo: 'pet-cat',
      });
      const petParams = { ...params, petId: String(pet.petId) };
      const path = `${petsPath}/${pet.petId}`;
      expect(await call(petRoute as Route, path, { as: JORDAN, params: petParams })).toEqual({
        status: 200,
        body: { pet },
      });
      const updated = await call(petRoute as Route, path, {
        as: JORDAN,
        params: petParams,
        method: 'PUT',
        body: { name: 'Mochi', type: 'Cat', breed: 'Siamese', birthday: null, photo: 'pet-paw' },
      });
      expect(updated).toEqual({
        status: 200,
        body: { pet: { ...pet, breed: 'Siamese', birthday: null, photo: 'pet-paw' } },
      });
      expect(await call(petRoute as Route, path, { as: JORDAN, params: petParams, method: 'DELETE' })).toEqual({
        status: 200,
        body: { petId: pet.petId, deleted: true },
      });
      expect(await call(petRoute as Route, path, { as: JORDAN, params: petParams })).toEqual({
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: PET_MESSAGES.notFound } },
      });
    });

    it('refuses bad input with a message and changes nothing', async () => {
      const count = await petCount(JORDAN);
      expect(
        await call(petsRoute as Route, petsPath, {
          as: JORDAN,
          params,
          method: 'POST',
          body: { name: 'Smaug', type: 'Dragon' },
        }),
      ).toEqual({ status: 400, body: { error: { code: 'BAD_REQUEST', message: PET_MESSAGES.type } } });
      expect(await petCount(JORDAN)).toBe(count);
      const biscuit = (await call(petsRoute as Route, petsPath, { as: JORDAN, params })).body.pets[0];
      const answer = await call(petRoute as Route, `${petsPath}/${biscuit.petId}`, {
        as: JORDAN,
        params: { ...params, petId: String(biscuit.petId) },
        method: 'PUT',
        body: { ...biscuit, birthday: '2999-01-01' },
      });
      expect(answer).toEqual({
        status: 400,
        body: { error: { code: 'BAD_REQUEST', message: PET_MESSAGES.birthdayFuture } },
      });
      expect(await getPet(JORDAN, biscuit.petId)).toEqual(biscuit);
      const patch = await call(petRoute as Route, `${petsPath}/${biscuit.petId}`, {
        as: JORDAN,
        params: { ...params, petId: String(biscuit.petId) },
        method: 'PATCH',
        body: biscuit,
      });
      expect(patch.status).toBe(405);
      expect(patch.body.error.code).toBe('METHOD_NOT_ALLOWED');
    });

    it("answers 404 for another customer's pet and leaves it as it was", async () => {
      const biscuit = (await call(petsRoute as Route, petsPath, { as: JORDAN, params })).body.pets[0];
      const samParams = { customerId: String(SAM), petId: String(biscuit.petId) };
      const samPath = `/api/customers/${SAM}/pets/${biscuit.petId}`;
      const notFound = { status: 404, body: { error: { code: 'NOT_FOUND', message: PET_MESSAGES.notFound } } };
      expect(await call(petRoute as Route, samPath, { as: SAM, params: samParams })).toEqual(notFound);
      expect(
        await call(petRoute as Route, samPath, {
          as: SAM,
          params: samParams,
          method: 'PUT',
          body: { name: 'Stolen', type: 'Dog' },
        }),
      ).toEqual(notFound);
      expect(await call(petRoute as Route, samPath, { as: SAM, params: samParams, method: 'DELETE' })).toEqual(
        notFound,
      );
      expect((await call(petsRoute as Route, petsPath, { as: SAM, params })).status).toBe(404);
      expect(
        await updatePet(SAM, biscuit.petId, {
          name: 'Stolen',
          type: 'Dog',
          breed: '',
          birthday: null,
          photo: 'pet-dog',
        }),
      ).toBeNull();
      expect(await deletePet(SAM, biscuit.petId)).toBe(false);
      expect(await getPet(JORDAN, biscuit.petId)).toEqual(biscuit);
      expect(
        (await call(petsRoute as Route, `/api/customers/${SAM}/pets`, { as: SAM, params: { customerId: String(SAM) } }))
          .body.pets,
      ).toEqual([]);
    });
  });
});
