import { STATUS_CODES } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { useTokenVerifierForTests } from '~/modules/access/shopper.server';
import { sessionCookie } from '~/modules/session/session-cookie.server';
import { redeemSessionToken } from '~/modules/identity/session-tokens.server';
import {
  activateFactor as activateFactorCall,
  createFactors,
  enrolPasskey,
  listFactors as listFactorsCall,
  type CreatedCredential,
  type FlowDeps,
} from '~/modules/passkeys/enrolment-flow';
import { activateFactor, createFactor, listFactors, removeFactor } from '~/modules/passkeys/factors.server';
import {
  PASSKEY_CHALLENGE_EXPIRED,
  PASSKEY_SIGN_IN_FAILED,
  passkeySignInOptions,
  verifyPasskeySignIn,
} from '~/modules/passkeys/passkey-sign-in.server';
import type { RelyingParty } from '~/modules/passkeys/relying-party.server';
import * as factorsRoute from '~/routes/api.customers.$customerId.factors';
import * as factorRoute from '~/routes/api.customers.$customerId.factors.$factorId';
import * as activateRoute from '~/routes/api.customers.$customerId.factors.$factorId.lifecycle.activate';
import * as passkeyOptionsRoute from '~/routes/account.passkey.options';
import * as passkeySignInRoute from '~/routes/account.passkey.sign-in';
import { testIssuer } from '../unit/support/tokens';
import { SoftAuthenticator } from './support/authenticator';
import { createSeededTestDatabase, DIALECTS, type TestDatabase } from './support/databases';

const HOST = 'localhost:3000';
const ORIGIN = `http://${HOST}`;
/** The banner and subscription key a page hands its factor calls (the test configuration's key). */
const SERVICE = { banner: 'greenleaf', subscriptionKey: 'test-subscription-key' };
const RP: RelyingParty = { rpId: 'localhost', rpName: 'Greenleaf Market', origin: ORIGIN };
const issuer = await testIssuer();

interface Customer {
  id: number;
  uuid: string;
}

/** A signed-in customer's user cookie; elevated and signed in a minute ago unless told otherwise. */
async function userCookie(customer: Customer, options: { scope?: string; signedInSecondsAgo?: number } = {}) {
  const now = Math.floor(Date.now() / 1000);
  const token = await issuer.issue({
    customerId: String(customer.id),
    uuid: customer.uuid,
    scope: options.scope ?? 'openid shop used_credentials',
    auth_time: now - (options.signedInSecondsAgo ?? 60),
  });
  return (await sessionCookie('user', 'C').serialize({ token })).split(';')[0]!;
}

function apiRequest(
  path: string,
  init: { method?: string; body?: unknown; cookie?: string; origin?: string; headers?: HeadersInit } = {},
) {
  // A factor call carries the service subscription key, as the page's calls do (routeFetch passes the flow's own).
  const headers = new Headers(init.headers ?? { 'Pantry-Subscription-Key': SERVICE.subscriptionKey });
  headers.set('Host', HOST);
  if (init.cookie) headers.set('Cookie', init.cookie);
  if (init.body !== undefined) headers.set('Content-Type', 'application/json');
  if (init.origin) headers.set('Origin', init.origin);
  return new Request(`${ORIGIN}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** Route handlers answer thrown JSON errors as Responses, as Remix does. */
async function settle(pending: Promise<Response>): Promise<Response> {
  try {
    return await pending;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/**
 * fetch for the client flow, served by the real resource routes in-process. Like Node's HTTP
 * server it fills in the reason phrase ("Forbidden"), which the spec's messages quote.
 */
function routeFetch(cookie: string): FlowDeps['fetch'] {
  return async (path, init = {}) => {
    const request = apiRequest(path, {
      method: init.method ?? 'GET',
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      cookie,
      headers: init.headers,
    });
    const segments = path.split('/');
    const params = { customerId: decodeURIComponent(segments[3] ?? ''), factorId: segments[5] };
    const args = { request, params, context: {} };
    const response = await settle(
      path.endsWith('/lifecycle/activate')
        ? activateRoute.action(args)
        : segments.length > 5
          ? factorRoute.action(args)
          : request.method === 'GET'
            ? factorsRoute.loader(args)
            : factorsRoute.action(args),
    );
    return new Response(response.body, {
      status: response.status,
      statusText: STATUS_CODES[response.status],
      headers: response.headers,
    });
  };
}

/** The browser's credential creation, done by a software authenticator at this origin. */
function credentialsFrom(authenticator: SoftAuthenticator, origin = ORIGIN): FlowDeps['createCredential'] {
  return async (options) => {
    const body = authenticator.register({ challenge: options.challenge, origin, rpId: options.rp.id ?? 'localhost' });
    return {
      id: body.credentialId,
      response: { attestationObject: body.attestation, clientDataJSON: body.clientData, transports: body.transports },
    } satisfies CreatedCredential;
  };
}

describe.each(DIALECTS)('passkeys on %s', (dialect) => {
  let test: TestDatabase;
  let jordan: Customer;
  let sam: Customer;

  beforeAll(async () => {
    test = await createSeededTestDatabase(dialect, { products: 300 });
    useDatabaseForTests(test);
    useTokenVerifierForTests(issuer.verifier);
    const rows = await test.db
      .selectFrom('customers')
      .select(['id', 'uuid', 'email'])
      .where('email', 'in', ['jordan@pantry.test', 'sam@pantry.test'])
      .execute();
    jordan = rows.find((row) => row.email === 'jordan@pantry.test')!;
    sam = rows.find((row) => row.email === 'sam@pantry.test')!;
  });
  afterAll(async () => {
    useTokenVerifierForTests(undefined);
    useDatabaseForTests(undefined);
    await test?.drop();
  });

  async function activeFactor(customer: Customer, authenticator = new SoftAuthenticator(customer.uuid)) {
    const created = await createFactor(customer.id, RP, { name: 'Test key' });
    if (!created.ok) throw new Error(created.message);
    const activated = await activateFactor(
      customer.id,
      created.id,
      RP,
      authenticator.register({ challenge: created.activation.challenge, origin: ORIGIN, rpId: 'localhost' }),
    );
    if (!activated.ok) throw new Error(activated.message);
    return { factorId: created.id, authenticator };
  }

  describe('factor calls', () => {
    it("creates a webauthn/FIDO factor answering id and the spec's activation", async () => {
      const cookie = await userCookie(jordan);
      const response = await settle(
        factorsRoute.action({
          request: apiRequest(`/api/customers/${jordan.uuid}/factors`, {
            method: 'POST',
            body: { factorType: 'webauthn', provider: 'FIDO' },
            cookie,
          }),
          params: { customerId: jordan.uuid },
          context: {},
        }),
      );
      expect(response.status).toBe(201);
      const body = await response.json();
      expect(body).toMatchObject({ factorType: 'webauthn', provider: 'FIDO', status: 'PENDING_ACTIVATION' });
      expect(body.id).toMatch(/^fido/);
      expect(Object.keys(body.activation)).toEqual(
        expect.arrayContaining([
          'challenge',
          'rp',
          'user',
          'pubKeyCredParams',
          'authenticatorSelection',
          'attestation',
          'excludeCredentials',
          'u2fParams',
        ]),
      );
      expect(body.activation.rp).toEqual({ name: 'Greenleaf Market', id: 'localhost' });
      expect(body.activation.user).toEqual({
        id: Buffer.from(jordan.uuid).toString('base64url'),
        name: 'jordan@pantry.test',
        displayName: 'Jordan Rivera',
      });
      expect(body.activation.authenticatorSelection).toMatchObject({
        residentKey: 'required',
        userVerification: 'required',
      });
      expect(body.activation.u2fParams).toEqual({ appid: ORIGIN });
    });

    it('enrols through the client flow: create, credential, activate; then lists and removes the factor', async () => {
      const cookie = await userCookie(jordan);
      const deps: FlowDeps = {
        service: SERVICE,
        fetch: routeFetch(cookie),
        createCredential: credentialsFrom(new SoftAuthenticator(jordan.uuid)),
      };
      const enrolled = await enrolPasskey(deps, jordan.uuid, 'Kitchen tablet');
      expect(enrolled).toMatchObject({ error: false, factor: { name: 'Kitchen tablet', status: 'ACTIVE' } });
      if (enrolled.error) return;
      const listed = await listFactorsCall(deps, jordan.uuid);
      expect(listed?.find((factor) => factor.id === enrolled.factor.id)).toMatchObject({
        factorType: 'webauthn',
        provider: 'FIDO',
        status: 'ACTIVE',
        name: 'Kitchen tablet',
        lastUsed: null,
      });
      const removed = await deps.fetch(`/api/customers/${jordan.uuid}/factors/${enrolled.factor.id}`, {
        method: 'DELETE',
      });
      expect(removed.status).toBe(204);
      expect((await listFactors(jordan.id)).some((factor) => factor.id === enrolled.factor.id)).toBe(false);
    });

    it('excludes the credentials the customer already has on this host', async () => {
      const { authenticator } = await activeFactor(jordan);
      const created = await createFactor(jordan.id, RP, {});
      expect(created.ok && created.activation.excludeCredentials?.map((c) => c.id)).toContain(authenticator.id);
    });

    it('spends the registration challenge on the first activation', async () => {
      const created = await createFactor(jordan.id, RP, {});
      if (!created.ok) throw new Error('not created');
      const body = new SoftAuthenticator(jordan.uuid).register({
        challenge: created.activation.challenge,
        origin: ORIGIN,
        rpId: 'localhost',
      });
      expect((await activateFactor(jordan.id, created.id, RP, body)).ok).toBe(true);
      expect(await activateFactor(jordan.id, created.id, RP, body)).toMatchObject({
        ok: false,
        status: 409,
        code: 'FACTOR_ALREADY_ACTIVE',
      });
    });

    it('refuses an activation after the registration challenge expired, and cannot retry it', async () => {
      const sixMinutesAgo = new Date(Date.now() - 6 * 60_000);
      const created = await createFactor(jordan.id, RP, {}, sixMinutesAgo);
      if (!created.ok) throw new Error('not created');
      const body = new SoftAuthenticator(jordan.uuid).register({
        challenge: created.activation.challenge,
        origin: ORIGIN,
        rpId: 'localhost',
      });
      expect(await activateFactor(jordan.id, created.id, RP, body)).toMatchObject({
        status: 400,
        code: 'CHALLENGE_EXPIRED',
      });
      expect(await activateFactor(jordan.id, created.id, RP, body)).toMatchObject({ status: 409 });
    });

    it('refuses an attestation made for another origin, another rpId, another challenge or without user verification', async () => {
      const cases = [
        { origin: 'http://evil.localhost:3000', rpId: 'localhost' },
        { origin: ORIGIN, rpId: 'evil.test' },
        { origin: ORIGIN, rpId: 'localhost', challenge: 'bm90LXRoZS1jaGFsbGVuZ2U' },
        { origin: ORIGIN, rpId: 'localhost', userVerified: false },
      ];
      for (const attempt of cases) {
        const created = await createFactor(jordan.id, RP, {});
        if (!created.ok) throw new Error('not created');
        const body = new SoftAuthenticator(jordan.uuid).register({
          challenge: attempt.challenge ?? created.activation.challenge,
          origin: attempt.origin,
          rpId: attempt.rpId,
          userVerified: attempt.userVerified,
        });
        expect(await activateFactor(jordan.id, created.id, RP, body), JSON.stringify(attempt)).toMatchObject({
          ok: false,
          status: 400,
          code: 'ATTESTATION_INVALID',
        });
      }
    });

    it('refuses to activate a factor from another banner host than the one that created it', async () => {
      const created = await createFactor(jordan.id, RP, {});
      if (!created.ok) throw new Error('not created');
      const sunridge: RelyingParty = {
        rpId: 'sunridge.localhost',
        rpName: 'Sunridge',
        origin: 'http://sunridge.localhost:3000',
      };
      const body = new SoftAuthenticator(jordan.uuid).register({
        challenge: created.activation.challenge,
        origin: sunridge.origin,
        rpId: sunridge.rpId,
      });
      expect(await activateFactor(jordan.id, created.id, sunridge, body)).toMatchObject({
        code: 'ATTESTATION_INVALID',
      });
    });
  });

  describe('ownership and sign-in requirements', () => {
    it("answers 404 for another customer's UUID and for another customer's factor", async () => {
      const { factorId: samsFactor } = await activeFactor(sam);
      const cookie = await userCookie(jordan);
      const list = await settle(
        factorsRoute.loader({
          request: apiRequest(`/api/customers/${sam.uuid}/factors`, { cookie }),
          params: { customerId: sam.uuid },
          context: {},
        }),
      );
      expect(list.status).toBe(404);
      const remove = await settle(
        factorRoute.action({
          request: apiRequest(`/api/customers/${jordan.uuid}/factors/${samsFactor}`, { method: 'DELETE', cookie }),
          params: { customerId: jordan.uuid, factorId: samsFactor },
          context: {},
        }),
      );
      expect(remove.status).toBe(404);
      expect(await remove.json()).toEqual({
        error: { code: 'FACTOR_NOT_FOUND', message: 'We could not find that passkey.' },
      });
      const activate = await settle(
        activateRoute.action({
          request: apiRequest(`/api/customers/${jordan.uuid}/factors/${samsFactor}/lifecycle/activate`, {
            method: 'POST',
            body: { attestation: 'AA', clientData: 'AA' },
            cookie,
          }),
          params: { customerId: jordan.uuid, factorId: samsFactor },
          context: {},
        }),
      );
      expect(activate.status).toBe(404);
      expect(await removeFactor(jordan.id, samsFactor)).toMatchObject({ ok: false, status: 404 });
      expect((await listFactors(sam.id)).some((factor) => factor.id === samsFactor)).toBe(true);
    });

    it("accepts the spec's bearer token in place of the cookie, with the same UUID and elevation checks", async () => {
      const now = Math.floor(Date.now() / 1000);
      const bearer = async (customer: Customer, claims: Record<string, unknown> = {}) =>
        issuer.issue({
          customerId: String(customer.id),
          uuid: customer.uuid,
          scope: 'openid shop used_credentials',
          auth_time: now - 30,
          ...claims,
        });
      const call = async (token: string, uuid: string, method = 'GET') => {
        const request = apiRequest(`/api/customers/${uuid}/factors`, {
          method,
          body: method === 'POST' ? { factorType: 'webauthn', provider: 'FIDO' } : undefined,
        });
        request.headers.set('Authorization', `Bearer ${token}`);
        const args = { request, params: { customerId: uuid }, context: {} };
        return settle(method === 'GET' ? factorsRoute.loader(args) : factorsRoute.action(args));
      };
      expect((await call(await bearer(jordan), jordan.uuid)).status).toBe(200);
      expect((await call(await bearer(jordan), jordan.uuid, 'POST')).status).toBe(201);
      expect((await call(await bearer(jordan), sam.uuid)).status).toBe(404);
      expect((await call(await bearer(jordan, { auth_time: now - 3600 }), jordan.uuid, 'POST')).status).toBe(403);
      expect((await call(await bearer(jordan, {}), jordan.uuid.replace(/.$/, 'x'))).status).toBe(404);
      expect((await call('not-a-token', jordan.uuid)).status).toBe(401);
    });

    it('needs a signed-in customer', async () => {
      const response = await settle(
        factorsRoute.loader({
          request: apiRequest(`/api/customers/${jordan.uuid}/factors`),
          params: { customerId: jordan.uuid },
          context: {},
        }),
      );
      expect(response.status).toBe(401);
    });

    it('lists without, but changes only with, a recent elevated sign-in', async () => {
      for (const cookie of [
        await userCookie(jordan, { scope: 'openid shop' }),
        await userCookie(jordan, { signedInSecondsAgo: 11 * 60 }),
      ]) {
        const deps: FlowDeps = {
          service: SERVICE,
          fetch: routeFetch(cookie),
          createCredential: credentialsFrom(new SoftAuthenticator(jordan.uuid)),
        };
        expect(await listFactorsCall(deps, jordan.uuid)).toBeInstanceOf(Array);
        expect(await createFactors(deps, jordan.uuid)).toEqual({
          error: true,
          details: {
            type: 'UCA',
            message: 'Failed to create factors: Forbidden',
            status: 403,
            cause: 'ELEVATION_REQUIRED',
          },
        });
      }
    });

    it('refuses a cross-site request before reading it', async () => {
      const response = await settle(
        factorsRoute.action({
          request: apiRequest(`/api/customers/${jordan.uuid}/factors`, {
            method: 'POST',
            body: { factorType: 'webauthn', provider: 'FIDO' },
            cookie: await userCookie(jordan),
            origin: 'http://evil.test',
          }),
          params: { customerId: jordan.uuid },
          context: {},
        }),
      );
      expect(response.status).toBe(403);
    });
  });

  describe("the client flow's error messages (spec section 8) against the real routes", () => {
    it("'Failed to create factors: {status text}' as type UCA for a bad body", async () => {
      const deps: FlowDeps = {
        service: SERVICE,
        fetch: async (path, init) =>
          routeFetch(await userCookie(jordan))(path, {
            ...init,
            body: JSON.stringify({ factorType: 'sms', provider: 'FIDO' }),
          }),
        createCredential: credentialsFrom(new SoftAuthenticator(jordan.uuid)),
      };
      expect(await enrolPasskey(deps, jordan.uuid)).toMatchObject({
        error: true,
        details: { type: 'UCA', message: 'Failed to create factors: Bad Request' },
      });
    });

    it("'Failed to activate factor: {status text}' when the attestation does not verify", async () => {
      const deps: FlowDeps = {
        service: SERVICE,
        fetch: routeFetch(await userCookie(jordan)),
        createCredential: credentialsFrom(new SoftAuthenticator(jordan.uuid), 'http://evil.localhost:3000'),
      };
      expect(await enrolPasskey(deps, jordan.uuid)).toEqual({
        error: true,
        details: { message: 'Failed to activate factor: Bad Request', status: 400, cause: 'ATTESTATION_INVALID' },
      });
    });

    it("'Failed to create credential' when the browser refuses; the factor stays pending and unlisted", async () => {
      const deps: FlowDeps = {
        service: SERVICE,
        fetch: routeFetch(await userCookie(sam)),
        createCredential: async () => {
          throw Object.assign(new Error('The operation either timed out or was not allowed.'), {
            name: 'NotAllowedError',
          });
        },
      };
      const before = (await listFactors(sam.id)).filter((factor) => factor.status === 'ACTIVE').length;
      expect(await enrolPasskey(deps, sam.uuid)).toEqual({
        error: true,
        details: { message: 'Failed to create credential', cause: 'NotAllowedError' },
      });
      expect((await listFactors(sam.id)).filter((factor) => factor.status === 'ACTIVE')).toHaveLength(before);
    });

    it("'Invalid data received from createFactors' when the create answer lacks the activation", async () => {
      const real = routeFetch(await userCookie(sam));
      const deps: FlowDeps = {
        service: SERVICE,
        // A create answer that lost its activation on the way (a proxy, an older service version).
        fetch: async (path, init) => {
          const response = await real(path, init);
          const { id } = (await response.json()) as { id: string };
          return new Response(JSON.stringify({ id }), { status: response.status, statusText: response.statusText });
        },
        createCredential: credentialsFrom(new SoftAuthenticator(sam.uuid)),
      };
      expect(await enrolPasskey(deps, sam.uuid)).toEqual({
        error: true,
        details: { message: 'Invalid data received from createFactors' },
      });
    });

    it("'HTTP error! status: {code}' is logged and the list returns nothing", async () => {
      const logged: string[] = [];
      const deps: FlowDeps = {
        service: SERVICE,
        fetch: routeFetch(await userCookie(sam)),
        createCredential: credentialsFrom(new SoftAuthenticator(sam.uuid)),
        log: (message) => logged.push(message),
      };
      expect(await listFactorsCall(deps, jordan.uuid)).toBeUndefined();
      expect(logged).toEqual(['HTTP error! status: 404']);
    });

    it('activating with a spent challenge answers the status text of the conflict', async () => {
      const cookie = await userCookie(jordan);
      const deps: FlowDeps = {
        service: SERVICE,
        fetch: routeFetch(cookie),
        createCredential: credentialsFrom(new SoftAuthenticator(jordan.uuid)),
      };
      const created = await createFactors(deps, jordan.uuid);
      if ('error' in created) throw new Error(created.details.message);
      const credential = await deps.createCredential(created.activation);
      expect(await activateFactorCall(deps, jordan.uuid, created.id, credential)).toMatchObject({ status: 'ACTIVE' });
      expect(await activateFactorCall(deps, jordan.uuid, created.id, credential)).toMatchObject({
        error: true,
        details: { message: 'Failed to activate factor: Conflict' },
      });
    });
  });

  describe('signing in with a passkey', () => {
    it('signs in with a discoverable passkey, stores the new counter and last use, and ends at authorize with a passkey sessionToken', async () => {
      const { factorId, authenticator } = await activeFactor(jordan);
      const options = await passkeySignInOptions(RP);
      expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
      expect(options.allowCredentials ?? []).toEqual([]);
      const response = await settle(
        passkeySignInRoute.action({
          request: apiRequest('/account/passkey/sign-in', {
            method: 'POST',
            body: {
              response: authenticator.assert({
                challenge: options.challenge,
                origin: ORIGIN,
                rpId: 'localhost',
                step: 5,
              }),
              goto: '/account/security.html',
              remember: true,
            },
          }),
          params: {},
          context: {},
        }),
      );
      expect(response.status).toBe(200);
      const { redirectTo } = (await response.json()) as { redirectTo: string };
      const authorize = new URL(redirectTo);
      expect(authorize.pathname).toBe('/oauth2/v1/authorize');
      expect(authorize.searchParams.get('scope')).toContain('used_credentials');
      expect(response.headers.get('Set-Cookie')).toContain('PANTRY_AUTH_TX');
      expect(
        await redeemSessionToken(
          authorize.searchParams.get('sessionToken')!,
          authorize.searchParams.get('code_challenge')!,
        ),
      ).toEqual({
        customerId: jordan.id,
        remember: true,
        method: 'passkey',
      });
      const row = await test.db
        .selectFrom('customer_factors')
        .selectAll()
        .where('id', '=', factorId)
        .executeTakeFirstOrThrow();
      expect(Number(row.counter)).toBe(5);
      expect(row.last_used_at).not.toBeNull();
    });

    it('serves sign-in options from its route, storing the challenge, and limits how often a client asks', async () => {
      const ask = async () => {
        const request = apiRequest('/account/passkey/options', { method: 'POST', body: {} });
        return settle(passkeyOptionsRoute.action({ request, params: {}, context: {} }));
      };
      const response = await ask();
      expect(response.status).toBe(200);
      const options = (await response.json()) as { challenge: string; rpId: string };
      expect(options.rpId).toBe('localhost');
      const stored = await test.db
        .selectFrom('webauthn_challenges')
        .selectAll()
        .where('challenge', '=', options.challenge)
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ rp_id: 'localhost', origin: ORIGIN, used_at: null });
      await test.db
        .updateTable('rate_limits')
        .set({ hits: 100 })
        // The client key is the socket address (decision 0022); called in-process there is none, so
        // the route keys on the fallback: whichever bucket it used is this client's.
        .where('bucket', 'like', 'passkey:options:%')
        .execute();
      expect((await ask()).status).toBe(429);
    });

    it('answers a refused passkey in the page’s language: the sign-in page shows the answer as it comes', async () => {
      const { authenticator } = await activeFactor(jordan);
      const refused = (lng: string) =>
        settle(
          passkeySignInRoute.action({
            request: apiRequest(`/account/passkey/sign-in?lng=${lng}`, {
              method: 'POST',
              origin: ORIGIN,
              // A challenge the storefront never issued: refused as expired or used.
              body: {
                response: authenticator.assert({ challenge: 'bm90LWlzc3VlZA', origin: ORIGIN, rpId: 'localhost' }),
                goto: '/',
                remember: false,
              },
            }),
            params: {},
            context: {},
          }),
        );
      const spanish = await refused('es');
      expect(spanish.status).toBe(400);
      expect(await spanish.json()).toMatchObject({
        error: {
          code: 'CHALLENGE_EXPIRED',
          message: 'Esa solicitud de llave de acceso venció o ya se usó. Inténtelo de nuevo.',
        },
      });
      expect(await (await refused('en')).json()).toMatchObject({ error: { message: PASSKEY_CHALLENGE_EXPIRED } });
    });

    it('refuses a replayed challenge', async () => {
      const { authenticator } = await activeFactor(jordan);
      const options = await passkeySignInOptions(RP);
      const first = authenticator.assert({ challenge: options.challenge, origin: ORIGIN, rpId: 'localhost' });
      expect(await verifyPasskeySignIn(RP, first)).toMatchObject({ ok: true, customerId: jordan.id });
      expect(await verifyPasskeySignIn(RP, first)).toEqual({
        ok: false,
        code: 'CHALLENGE_EXPIRED',
        message: PASSKEY_CHALLENGE_EXPIRED,
      });
      const again = authenticator.assert({ challenge: options.challenge, origin: ORIGIN, rpId: 'localhost' });
      expect(await verifyPasskeySignIn(RP, again)).toMatchObject({ ok: false, code: 'CHALLENGE_EXPIRED' });
    });

    it('refuses an expired challenge and one issued to another host', async () => {
      const { authenticator } = await activeFactor(jordan);
      const stale = await passkeySignInOptions(RP, new Date(Date.now() - 3 * 60_000));
      expect(
        await verifyPasskeySignIn(
          RP,
          authenticator.assert({ challenge: stale.challenge, origin: ORIGIN, rpId: 'localhost' }),
        ),
      ).toMatchObject({ ok: false, code: 'CHALLENGE_EXPIRED' });
      const sunridge: RelyingParty = {
        rpId: 'sunridge.localhost',
        rpName: 'Sunridge',
        origin: 'http://sunridge.localhost:3000',
      };
      const elsewhere = await passkeySignInOptions(sunridge);
      expect(
        await verifyPasskeySignIn(
          RP,
          authenticator.assert({ challenge: elsewhere.challenge, origin: ORIGIN, rpId: 'localhost' }),
        ),
      ).toMatchObject({ ok: false, code: 'CHALLENGE_EXPIRED' });
      // The passkey belongs to localhost: it is not accepted on the Sunridge host even with its own challenge.
      expect(
        await verifyPasskeySignIn(
          sunridge,
          authenticator.assert({ challenge: elsewhere.challenge, origin: sunridge.origin, rpId: sunridge.rpId }),
        ),
      ).toMatchObject({ ok: false, code: 'PASSKEY_INVALID' });
    });

    it('refuses a wrong origin, a wrong rpId, a counter that did not move, another user handle, and a removed passkey', async () => {
      const { factorId, authenticator } = await activeFactor(jordan);
      const attempt = async (input: { origin?: string; rpId?: string; step?: number; userHandle?: string }) => {
        const options = await passkeySignInOptions(RP);
        return verifyPasskeySignIn(
          RP,
          authenticator.assert({
            challenge: options.challenge,
            origin: input.origin ?? ORIGIN,
            rpId: input.rpId ?? 'localhost',
            step: input.step,
            userHandle: input.userHandle,
          }),
        );
      };
      const refused = { ok: false, code: 'PASSKEY_INVALID', message: PASSKEY_SIGN_IN_FAILED };
      expect(await attempt({ origin: 'http://evil.localhost:3000' })).toEqual(refused);
      expect(await attempt({ rpId: 'evil.test' })).toEqual(refused);
      expect(await attempt({ step: 3 })).toMatchObject({ ok: true });
      expect(await attempt({ step: 0 })).toEqual(refused);
      expect(await attempt({ userHandle: sam.uuid })).toEqual(refused);
      expect(await removeFactor(jordan.id, factorId)).toEqual({ ok: true });
      expect(await attempt({})).toEqual(refused);
    });
  });
});
