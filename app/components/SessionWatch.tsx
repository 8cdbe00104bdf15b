import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { validationDelayMs, type PageSession } from '~/modules/browser/session-clock';

// Loaded when a session has expired on an open page, not with every page.
const SessionTimeoutDialog = lazy(async () => ({
  default: (await import('./SessionTimeoutDialog')).SessionTimeoutDialog,
}));

/**
 * Spec section 4, token and session validation on an open page (JavaScript only): just after the
 * token's expiry the page asks the server (validateSession), which refreshes the token while it can.
 * When it cannot, the session-timeout modal offers "Stay signed in" (identity session lifecycle
 * refresh, then a silent sign-in) or signing out.
 */
export function SessionWatch({ session }: { session: PageSession | null }) {
  const [expired, setExpired] = useState(false);
  const [renewedUntil, setRenewedUntil] = useState<number | null>(null);
  const issuer = useRef(session?.issuer ?? null);
  if (session) issuer.current = session.issuer;
  const expiresAt = session ? Math.max(session.expiresAt, renewedUntil ?? 0) : null;
  const banner = session?.banner ?? null;

  useEffect(() => {
    if (expiresAt === null || banner === null) return;
    let cancelled = false;
    const timer = window.setTimeout(
      async () => {
        const { validateSession } = await import('~/modules/browser/identity-session');
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
  return (
    <Suspense fallback={null}>
      <SessionTimeoutDialog issuer={issuer.current} />
    </Suspense>
  );
}
