/**
 * Spec sections 4 and 8, identity session refresh from the browser (POST
 * {identity provider}/api/v1/sessions/me/lifecycle/refresh, sent with credentials):
 * - ACTIVE or MFA_ENROLL: the session lives; the sign-in count starts again (silent sign-in follows);
 * - 403 or 404: the session is gone; log the server's error summary and force sign-out;
 * - 429 (too many requests): ignored;
 * - anything else (a network failure, a blocked cross-origin call, an invalid URL): logged, and
 *   treated as a system error, which also forces sign-out.
 */
export type LifecycleOutcome =
  | { kind: 'active'; status: 'ACTIVE' | 'MFA_ENROLL' }
  | { kind: 'ignored' }
  | { kind: 'ended'; summary: string }
  | { kind: 'system-error'; summary: string };

function errorSummary(body: unknown): string {
  if (body && typeof body === 'object' && 'errorSummary' in body && typeof body.errorSummary === 'string') {
    return body.errorSummary;
  }
  return 'no error summary';
}

export function lifecycleOutcome(httpStatus: number, body: unknown): LifecycleOutcome {
  if (httpStatus === 429) return { kind: 'ignored' };
  if (httpStatus === 403 || httpStatus === 404) return { kind: 'ended', summary: errorSummary(body) };
  const status = body && typeof body === 'object' && 'status' in body ? body.status : undefined;
  if (httpStatus >= 200 && httpStatus < 300 && (status === 'ACTIVE' || status === 'MFA_ENROLL')) {
    return { kind: 'active', status };
  }
  return { kind: 'system-error', summary: `status ${httpStatus}: ${errorSummary(body)}` };
}

export async function refreshIdentitySession(
  issuer: string,
  fetchImpl: typeof fetch = fetch,
): Promise<LifecycleOutcome> {
  let response: Response;
  try {
    response = await fetchImpl(new URL('/api/v1/sessions/me/lifecycle/refresh', issuer), {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
  } catch (error) {
    return { kind: 'system-error', summary: `invalid URL or blocked cross-origin call: ${String(error)}` };
  }
  const body: unknown = await response.json().catch(() => null);
  return lifecycleOutcome(response.status, body);
}

/**
 * Spec section 4, validateSession: the user-info call (with rand and banner) renews a lapsed token
 * on the server while it can. Active means the customer is still signed in, until the new expiry.
 */
export async function validateSession(
  banner: string,
  fetchImpl: typeof fetch = fetch,
): Promise<{ active: true; expiresAt: number } | { active: false }> {
  const rand = Math.random().toString(36).slice(2);
  try {
    const response = await fetchImpl(`/api/userinfo?rand=${rand}&banner=${encodeURIComponent(banner)}`, {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
    const body = (await response.json()) as { userType?: string; customer?: { expireTime?: number } | null };
    const expireTime = body.customer?.expireTime;
    if (response.ok && body.userType === 'C' && typeof expireTime === 'number' && expireTime > Date.now()) {
      return { active: true, expiresAt: expireTime };
    }
    return { active: false };
  } catch {
    return { active: false };
  }
}
