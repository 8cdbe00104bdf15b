import type { KoaContextWithOIDC } from 'oidc-provider';
import { KyselyAdapter } from './adapter';

/**
 * A provider session made by a sessionToken counts for single sign-on only once the storefront that
 * started the sign-in has exchanged its code, which needs the PKCE verifier kept in that browser's own
 * sign-in cookie. An authorize URL carried to another browser (login CSRF) can still sign in there, but
 * leaves an unconfirmed session that no silent sign-on will use (decision 0062).
 */
const store = new KyselyAdapter('UnconfirmedSignIn');

export async function markUnconfirmed(sessionUid: string, lifetimeSeconds: number): Promise<void> {
  await store.upsert(sessionUid, { uid: sessionUid }, lifetimeSeconds);
}

export async function confirmSignIn(sessionUid: string): Promise<void> {
  await store.destroy(sessionUid);
}

export async function isUnconfirmed(sessionUid: string | undefined): Promise<boolean> {
  return Boolean(sessionUid && (await store.find(sessionUid)));
}

/**
 * Around every provider request: a resumed authorization that has just logged an account in marks its
 * session unconfirmed (before the answer leaves, so the code exchange cannot overtake it); a code
 * exchanged at the token endpoint confirms the session the code came from.
 */
export function trackSignInConfirmation(lifetimeSeconds: number) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    await next();
    const oidc = ctx.oidc as KoaContextWithOIDC['oidc'] | undefined;
    if (!oidc) return;
    if (oidc.route === 'resume' && oidc.result?.login && oidc.session?.uid) {
      await markUnconfirmed(oidc.session.uid, lifetimeSeconds);
      return;
    }
    const code = oidc.route === 'token' && ctx.status === 200 ? oidc.entities.AuthorizationCode : undefined;
    if (code?.sessionUid) await confirmSignIn(code.sessionUid);
  };
}
