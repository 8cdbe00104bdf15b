/**
 * Page-safe: the browser's passkey enrolment flow (spec sections 7 and 8). Create factor → browser
 * credential creation → activate; list factors. Every failure comes back as `{ error: true, details }`
 * with the spec's words; the list call logs its failure and returns nothing. fetch and the
 * credential API are passed in, so tests drive the flow with fakes.
 */
import { serviceCallHeaders, type ServiceCallContext } from '~/modules/http/service-call';
import type { FactorSummary } from './factor-schema';

export interface ActivationOptions {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string; displayName: string };
  pubKeyCredParams: { alg: number; type: 'public-key' }[];
  authenticatorSelection?: Record<string, unknown>;
  attestation?: string;
  excludeCredentials?: { id: string; type: 'public-key'; transports?: string[] }[];
  timeout?: number;
  u2fParams?: { appid: string };
  extensions?: Record<string, unknown>;
  hints?: string[];
}

/** What the browser's credential creation (startRegistration) returns, as far as the flow needs it. */
export interface CreatedCredential {
  id: string;
  response: { attestationObject: string; clientDataJSON: string; transports?: string[] };
}

export interface FlowDeps {
  /** The banner and subscription key every factor call carries (spec section 7, decision 0085). */
  service: ServiceCallContext;
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
  /** @simplewebauthn/browser's startRegistration, given the activation without u2fParams. */
  createCredential: (options: Omit<ActivationOptions, 'u2fParams'>) => Promise<CreatedCredential>;
  log?: (message: string, detail?: unknown) => void;
}

export interface FlowError {
  error: true;
  details: { type?: 'UCA'; message: string; status?: number; cause?: string };
}

export type CreatedFactor = { id: string; activation: ActivationOptions };

export const INVALID_CREATE_FACTORS_DATA = 'Invalid data received from createFactors';
export const FAILED_TO_CREATE_CREDENTIAL = 'Failed to create credential';
export const FAILED_TO_PARSE_JSON = 'Failed to parse JSON response';

const factorsPath = (uuid: string) => `/api/customers/${encodeURIComponent(uuid)}/factors`;

/** The status text, or the code when HTTP/2 left the text empty. */
const statusTextOf = (response: Response) => response.statusText || String(response.status);

async function errorCause(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as { error?: { code?: unknown } };
    return typeof body.error?.code === 'string' ? body.error.code : undefined;
  } catch {
    return undefined;
  }
}

/** POST …/factors { factorType: 'webauthn', provider: 'FIDO' } → { id, activation }. */
export async function createFactors(deps: FlowDeps, uuid: string, name?: string): Promise<CreatedFactor | FlowError> {
  let response: Response;
  try {
    response = await deps.fetch(factorsPath(uuid), {
      method: 'POST',
      headers: serviceCallHeaders(deps.service, { version: 2, json: true }),
      credentials: 'same-origin',
      body: JSON.stringify({ factorType: 'webauthn', provider: 'FIDO', ...(name ? { name } : {}) }),
    });
  } catch (error) {
    return { error: true, details: { type: 'UCA', message: `Failed to create factors: ${String(error)}` } };
  }
  if (!response.ok) {
    return {
      error: true,
      details: {
        type: 'UCA',
        message: `Failed to create factors: ${statusTextOf(response)}`,
        status: response.status,
        cause: await errorCause(response),
      },
    };
  }
  try {
    return (await response.json()) as CreatedFactor;
  } catch {
    return { error: true, details: { type: 'UCA', message: INVALID_CREATE_FACTORS_DATA } };
  }
}

/** POST …/factors/{factorId}/lifecycle/activate { attestation, clientData }. */
export async function activateFactor(
  deps: FlowDeps,
  uuid: string,
  factorId: string,
  credential: CreatedCredential,
): Promise<FactorSummary | FlowError> {
  let response: Response;
  try {
    response = await deps.fetch(`${factorsPath(uuid)}/${encodeURIComponent(factorId)}/lifecycle/activate`, {
      method: 'POST',
      headers: serviceCallHeaders(deps.service, { version: 3, json: true }),
      credentials: 'same-origin',
      body: JSON.stringify({
        attestation: credential.response.attestationObject,
        clientData: credential.response.clientDataJSON,
        credentialId: credential.id,
        transports: credential.response.transports,
      }),
    });
  } catch (error) {
    return { error: true, details: { message: `Failed to activate factor: ${String(error)}` } };
  }
  if (!response.ok) {
    return {
      error: true,
      details: {
        message: `Failed to activate factor: ${statusTextOf(response)}`,
        status: response.status,
        cause: await errorCause(response),
      },
    };
  }
  const factor = (await response.json().catch(() => null)) as FactorSummary | null;
  if (!factor) return { error: true, details: { message: `Failed to activate factor: ${FAILED_TO_PARSE_JSON}` } };
  return factor;
}

/** GET …/factors. Spec section 8: any error is logged and nothing is returned. */
export async function listFactors(deps: FlowDeps, uuid: string): Promise<FactorSummary[] | undefined> {
  const log = deps.log ?? ((message: string, detail?: unknown) => console.error(message, detail));
  try {
    const response = await deps.fetch(factorsPath(uuid), {
      headers: serviceCallHeaders(deps.service, { version: 2 }),
      credentials: 'same-origin',
    });
    if (!response.ok) throw new Error(`HTTP error! status: ${response.status}`);
    let factors: unknown;
    try {
      factors = await response.json();
    } catch {
      throw new Error(FAILED_TO_PARSE_JSON);
    }
    if (!Array.isArray(factors)) throw new Error(FAILED_TO_PARSE_JSON);
    return factors as FactorSummary[];
  } catch (error) {
    log(error instanceof Error ? error.message : String(error), error);
    return undefined;
  }
}

/** The whole enrolment: create factor, make the credential in the browser, activate it. */
export async function enrolPasskey(
  deps: FlowDeps,
  uuid: string,
  name?: string,
): Promise<{ error: false; factor: FactorSummary } | FlowError> {
  const created = await createFactors(deps, uuid, name);
  if ('error' in created) return created;
  if (!created || !created.id || !created.activation) {
    return { error: true, details: { message: INVALID_CREATE_FACTORS_DATA } };
  }
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- u2fParams is for legacy U2F clients only
  const { u2fParams, ...options } = created.activation;
  let credential: CreatedCredential;
  try {
    credential = await deps.createCredential(options);
  } catch (error) {
    return {
      error: true,
      details: { message: FAILED_TO_CREATE_CREDENTIAL, cause: error instanceof Error ? error.name : undefined },
    };
  }
  if (!credential?.response?.attestationObject || !credential.response.clientDataJSON) {
    return { error: true, details: { message: FAILED_TO_CREATE_CREDENTIAL } };
  }
  const activated = await activateFactor(deps, uuid, created.id, credential);
  if ('error' in activated) return activated;
  return { error: false, factor: activated };
}
