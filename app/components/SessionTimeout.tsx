import { useEffect, useRef, useState } from 'react';
import { browserStorage, clearOnSignOut } from '~/modules/browser/local-storage';
import { refreshIdentitySession, validateSession, validationDelayMs } from '~/modules/browser/identity-session';
import { Modal } from './Modal';

export interface PageSession {
  expiresAt: number;
  issuer: string;
  banner: string;
}

/**
 * Spec section 4, token and session validation on an open page (JavaScript only): just after the
 * token's expiry the page asks the server (validateSession), which refreshes the token while it can.
 * When it cannot, the session-timeout modal offers "Stay signed in" (identity session lifecycle
 * refresh, then a silent sign-in) or signing out.
 */
export function SessionTimeout({ session }: { session: PageSession | null }) {
  const [expired, setExpired] = useState(false);
  const [renewedUntil, setRenewedUntil] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const issuer = useRef(session?.issuer ?? null);
  const signOutForm = useRef<HTMLFormElement>(null);
  const reason = useRef<HTMLInputElement>(null);
  if (session) issuer.current = session.issuer;
  const expiresAt = session ? Math.max(session.expiresAt, renewedUntil ?? 0) : null;
  const banner = session?.banner ?? null;

  useEffect(() => {
    if (expiresAt === null || banner === null) return;
    let cancelled = false;
    const timer = window.setTimeout(
      async () => {
        const answer = await validateSession(banner);
        if (cancelled) return;
        if (answer.active) setRenewedUntil(answer.expiresAt);
        else setExpired(true);
      },
      validationDelayMs(expiresAt, Date.now()),
    );
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [expiresAt, banner]);

  if (!expired) return null;

  const signOut = (why: 'user' | 'expired' | 'system-error') => {
    const storage = browserStorage();
    if (storage) clearOnSignOut(storage);
    if (reason.current) reason.current.value = why;
    signOutForm.current?.submit();
  };

  const staySignedIn = async () => {
    if (!issuer.current) return signOut('expired');
    setBusy(true);
    setMessage(null);
    const outcome = await refreshIdentitySession(issuer.current);
    if (outcome.kind === 'active') {
      const here = `${window.location.pathname}${window.location.search}`;
      window.location.assign(`/account/auth/sso?goto=${encodeURIComponent(here)}`);
      return;
    }
    if (outcome.kind === 'ignored') {
      setBusy(false);
      setMessage('We are busy right now. Please try again in a moment.');
      return;
    }
    console.error('identity session refresh failed:', outcome.summary);
    signOut(outcome.kind === 'ended' ? 'expired' : 'system-error');
  };

  return (
    <Modal labelledBy="session-timeout-title" testId="session-timeout-modal">
      <h2 id="session-timeout-title" className="text-2xl font-extrabold">
        Your session has timed out
      </h2>
      <p className="mt-2 text-sm text-stone-600">
        For your security we pause your session after a while. Stay signed in to keep your cart, offers and checkout, or
        sign out.
      </p>
      {message ? (
        <p role="status" className="mt-3 rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
          {message}
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap gap-3">
        <button type="button" className="btn-primary" onClick={staySignedIn} disabled={busy} autoFocus>
          {busy ? 'Please wait…' : 'Stay signed in'}
        </button>
        <button type="button" className="btn-outline" onClick={() => signOut('user')} disabled={busy}>
          Sign out
        </button>
      </div>
      <form ref={signOutForm} method="post" action="/account/sign-out" hidden>
        <input ref={reason} type="hidden" name="reason" defaultValue="user" />
      </form>
    </Modal>
  );
}
