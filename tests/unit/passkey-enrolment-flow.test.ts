import { describe, expect, it } from 'vitest';
import {
  createFactors,
  enrolPasskey,
  listFactors,
  type CreatedCredential,
  type FlowDeps,
} from '~/modules/passkeys/enrolment-flow';

const UUID = '7d1c9c2e-1111-4222-a333-444455556666';
const ACTIVATION = {
  challenge: 'Y2hhbGxlbmdl',
  rp: { id: 'localhost', name: 'Greenleaf Market' },
  user: { id: 'dXNlcg', name: 'jordan@pantry.test', displayName: 'Jordan Rivera' },
  pubKeyCredParams: [{ alg: -7, type: 'public-key' as const }],
  authenticatorSelection: { residentKey: 'required' },
  attestation: 'none',
  excludeCredentials: [],
  u2fParams: { appid: 'http://localhost:3000' },
};
const CREDENTIAL: CreatedCredential = {
  id: 'Y3JlZA',
  response: { attestationObject: 'YXR0', clientDataJSON: 'Y2Q', transports: ['internal'] },
};
const ACTIVE = {
  id: 'fido1',
  factorType: 'webauthn',
  provider: 'FIDO',
  status: 'ACTIVE',
  name: 'Passkey',
  created: '2026-11-24T07:00:00.000Z',
  lastUsed: null,
};

type Reply = Response | (() => Promise<Response>);

/** A fake fetch that answers each call in turn and records what was asked. */
function fakeFetch(replies: Reply[]) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const fetch: FlowDeps['fetch'] = async (url, init) => {
    calls.push({ url, init });
    const reply = replies.shift();
    if (!reply) throw new Error(`unexpected call to ${url}`);
    return typeof reply === 'function' ? reply() : reply;
  };
  return { fetch, calls };
}

const jsonReply = (body: unknown, status = 200, statusText = 'OK') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'Content-Type': 'application/json' } });

function deps(replies: Reply[], createCredential: FlowDeps['createCredential'] = async () => CREDENTIAL) {
  const logged: string[] = [];
  const fake = fakeFetch(replies);
  const created: unknown[] = [];
  return {
    calls: fake.calls,
    logged,
    created,
    deps: {
      service: { banner: 'greenleaf', subscriptionKey: 'unit-key' },
      fetch: fake.fetch,
      createCredential: async (options) => {
        created.push(options);
        return createCredential(options);
      },
      log: (message: string) => logged.push(message),
    } satisfies FlowDeps,
  };
}

describe('passkey enrolment flow', () => {
  it('creates the factor, makes the credential from the activation and activates it with attestation and clientData', async () => {
    const run = deps([jsonReply({ id: 'fido1', activation: ACTIVATION }, 201, 'Created'), jsonReply(ACTIVE)]);
    expect(await enrolPasskey(run.deps, UUID, 'Phone')).toEqual({ error: false, factor: ACTIVE });
    expect(run.calls[0]!.url).toBe(`/api/customers/${UUID}/factors`);
    expect(JSON.parse(String(run.calls[0]!.init?.body))).toEqual({
      factorType: 'webauthn',
      provider: 'FIDO',
      name: 'Phone',
    });
    expect(run.calls[1]!.url).toBe(`/api/customers/${UUID}/factors/fido1/lifecycle/activate`);
    expect(JSON.parse(String(run.calls[1]!.init?.body))).toEqual({
      attestation: 'YXR0',
      clientData: 'Y2Q',
      credentialId: 'Y3JlZA',
      transports: ['internal'],
    });
    // The browser is handed the WebAuthn options only, without Okta's legacy U2F block.
    expect(run.created[0]).not.toHaveProperty('u2fParams');
    expect(run.created[0]).toMatchObject({ challenge: ACTIVATION.challenge, rp: ACTIVATION.rp });
  });

  it("answers 'Failed to create factors: {status text}' as type UCA when create fails", async () => {
    const run = deps([jsonReply({ error: { code: 'ELEVATION_REQUIRED', message: '…' } }, 403, 'Forbidden')]);
    expect(await enrolPasskey(run.deps, UUID)).toEqual({
      error: true,
      details: {
        type: 'UCA',
        message: 'Failed to create factors: Forbidden',
        status: 403,
        cause: 'ELEVATION_REQUIRED',
      },
    });
    expect(run.created).toEqual([]);
  });

  it('uses the status code when the status text is empty (HTTP/2)', async () => {
    const run = deps([new Response('oops', { status: 500 })]);
    expect(await createFactors(run.deps, UUID)).toMatchObject({
      error: true,
      details: { type: 'UCA', message: 'Failed to create factors: 500' },
    });
  });

  it("answers 'Invalid data received from createFactors' when id or activation is missing", async () => {
    for (const body of [{ activation: ACTIVATION }, { id: 'fido1' }, {}]) {
      const run = deps([jsonReply(body, 201, 'Created')]);
      expect(await enrolPasskey(run.deps, UUID)).toEqual({
        error: true,
        details: { message: 'Invalid data received from createFactors' },
      });
      expect(run.created).toEqual([]);
    }
  });

  it("answers 'Failed to create credential' when the browser call fails or returns nothing usable", async () => {
    const refused = deps([jsonReply({ id: 'fido1', activation: ACTIVATION }, 201, 'Created')], async () => {
      throw Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' });
    });
    expect(await enrolPasskey(refused.deps, UUID)).toEqual({
      error: true,
      details: { message: 'Failed to create credential', cause: 'NotAllowedError' },
    });
    expect(refused.calls).toHaveLength(1);
    const empty = deps([jsonReply({ id: 'fido1', activation: ACTIVATION }, 201, 'Created')], async () => ({
      id: 'x',
      response: { attestationObject: '', clientDataJSON: '' },
    }));
    expect(await enrolPasskey(empty.deps, UUID)).toEqual({
      error: true,
      details: { message: 'Failed to create credential' },
    });
  });

  it("answers 'Failed to activate factor: {status text}' when activation fails", async () => {
    const run = deps([
      jsonReply({ id: 'fido1', activation: ACTIVATION }, 201, 'Created'),
      jsonReply({ error: { code: 'ATTESTATION_INVALID', message: '…' } }, 400, 'Bad Request'),
    ]);
    expect(await enrolPasskey(run.deps, UUID)).toEqual({
      error: true,
      details: { message: 'Failed to activate factor: Bad Request', status: 400, cause: 'ATTESTATION_INVALID' },
    });
  });

  it('returns the factors from the list call', async () => {
    const run = deps([jsonReply([ACTIVE])]);
    expect(await listFactors(run.deps, UUID)).toEqual([ACTIVE]);
    expect(run.logged).toEqual([]);
  });

  it("logs 'HTTP error! status: {code}' and returns nothing when the list call fails", async () => {
    const run = deps([jsonReply({}, 401, 'Unauthorized')]);
    expect(await listFactors(run.deps, UUID)).toBeUndefined();
    expect(run.logged).toEqual(['HTTP error! status: 401']);
  });

  it("logs 'Failed to parse JSON response' and returns nothing when the list is not JSON", async () => {
    for (const body of ['<html>not json</html>', JSON.stringify({ not: 'a list' })]) {
      const run = deps([new Response(body, { status: 200 })]);
      expect(await listFactors(run.deps, UUID)).toBeUndefined();
      expect(run.logged).toEqual(['Failed to parse JSON response']);
    }
  });

  it('logs a network failure of the list call and returns nothing', async () => {
    const run = deps([
      async () => {
        throw new TypeError('Failed to fetch');
      },
    ]);
    expect(await listFactors(run.deps, UUID)).toBeUndefined();
    expect(run.logged).toEqual(['Failed to fetch']);
  });
});
