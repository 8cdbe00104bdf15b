/**
 * Page-safe, browser only: @simplewebauthn/browser is loaded on demand (a separate chunk), so
 * pages without passkeys never download it.
 */
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { FlowDeps } from './enrolment-flow';

export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

export async function browserFlowDeps(service: FlowDeps['service']): Promise<FlowDeps> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return {
    service,
    fetch: (input, init) => window.fetch(input, init),
    createCredential: (options) =>
      startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON }),
    log: (message, detail) => console.error(message, detail),
  };
}

async function postJson(path: string, body: unknown): Promise<{ ok: boolean; data: Record<string, unknown> }> {
  const response = await window.fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify(body),
  });
  const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { ok: response.ok, data };
}

/** Signs in with a passkey; resolves to where the browser goes next, or a message for the page. */
export async function signInWithPasskey(input: {
  goto: string;
  remember: boolean;
}): Promise<{ redirectTo: string } | { message: string }> {
  const failed = { message: "We couldn't sign you in with a passkey. Try again, or use your password." };
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const options = await postJson('/account/passkey/options', {});
  if (!options.ok) return failed;
  let response;
  try {
    response = await startAuthentication({
      optionsJSON: options.data as unknown as PublicKeyCredentialRequestOptionsJSON,
    });
  } catch {
    return { message: 'No passkey was used. Try again, or use your password.' };
  }
  const result = await postJson('/account/passkey/sign-in', { response, goto: input.goto, remember: input.remember });
  if (result.ok && typeof result.data.redirectTo === 'string') return { redirectTo: result.data.redirectTo };
  const error = result.data.error as { message?: unknown } | undefined;
  return typeof error?.message === 'string' ? { message: error.message } : failed;
}
