import { useRef, useState } from 'react';
import { browserStorage, useT } from '~/components/page-essentials';
import { clearOnSignOut } from '~/modules/browser/sign-out-storage';
import { refreshIdentitySession } from '~/modules/browser/identity-session';
import { Modal } from './Modal';

/**
 * The session-timeout modal (spec section 4): "Stay signed in" refreshes the identity session and
 * signs in again silently; otherwise the shopper is signed out. Loaded only once a session has
 * expired on an open page (SessionTimeout), never with the page.
 */
export function SessionTimeoutDialog({ issuer }: { issuer: string | null }) {
  const t = useT();
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const signOutForm = useRef<HTMLFormElement>(null);
  const reason = useRef<HTMLInputElement>(null);

  const signOut = (why: 'user' | 'expired' | 'system-error') => {
    const storage = browserStorage();
    if (storage) clearOnSignOut(storage);
    if (reason.current) reason.current.value = why;
    signOutForm.current?.submit();
  };

  const staySignedIn = async () => {
    if (!issuer) return signOut('expired');
    setBusy(true);
    setMessage(null);
    const outcome = await refreshIdentitySession(issuer);
    if (outcome.kind === 'active') {
      const here = `${window.location.pathname}${window.location.search}`;
      window.location.assign(`/account/auth/sso?goto=${encodeURIComponent(here)}`);
      return;
    }
    if (outcome.kind === 'ignored') {
      setBusy(false);
      setMessage(t('We are busy right now. Please try again in a moment.'));
      return;
    }
    console.error('identity session refresh failed:', outcome.summary);
    signOut(outcome.kind === 'ended' ? 'expired' : 'system-error');
  };

  return (
    <Modal labelledBy="session-timeout-title" testId="session-timeout-modal">
      <h2 id="session-timeout-title" className="text-2xl font-extrabold">
        {t('Your session has timed out')}
      </h2>
      <p className="mt-2 text-sm text-stone-600">
        {t(
          'For your security we pause your session after a while. Stay signed in to keep your cart, offers and checkout, or sign out.',
        )}
      </p>
      {message ? (
        <p role="status" className="mt-3 rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
          {message}
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap gap-3">
        <button type="button" className="btn-primary" onClick={staySignedIn} disabled={busy} autoFocus>
          {busy ? t('Please wait…') : t('Stay signed in')}
        </button>
        <button type="button" className="btn-outline" onClick={() => signOut('user')} disabled={busy}>
          {t('Sign out')}
        </button>
      </div>
      <form ref={signOutForm} method="post" action="/account/sign-out" hidden>
        <input ref={reason} type="hidden" name="reason" defaultValue="user" />
      </form>
    </Modal>
  );
}
