import { useState } from 'react';
import { useHydrated, useT } from '~/components/page-essentials';
import { passkeysSupported, signInWithPasskey } from '~/modules/passkeys/passkey-browser';
import { ErrorAlert } from './Alerts';

/** "Sign in with a passkey" (discoverable credentials): shown only where the browser can do it. */
export function PasskeySignIn({ goto, offerKeepSignedIn }: { goto: string; offerKeepSignedIn: boolean }) {
  const hydrated = useHydrated();
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!hydrated || !passkeysSupported()) return null;

  async function start() {
    setBusy(true);
    setError(null);
    const outcome = await signInWithPasskey({ goto, remember });
    if ('redirectTo' in outcome) {
      window.location.assign(outcome.redirectTo);
      return;
    }
    setBusy(false);
    setError(t(outcome.message));
  }

  return (
    <div className="mt-6 border-t border-stone-200 pt-5">
      {error ? <ErrorAlert>{error}</ErrorAlert> : null}
      <button type="button" className="btn-outline mt-2 w-full py-3" onClick={() => void start()} disabled={busy}>
        {busy ? t('Waiting for your passkey…') : t('Sign in with a passkey')}
      </button>
      {offerKeepSignedIn ? (
        <label className="mt-3 flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="h-4 w-4"
            checked={remember}
            onChange={(event) => setRemember(event.target.checked)}
          />
          {t('Stay signed in on this device')}
        </label>
      ) : null}
    </div>
  );
}
