import { useEffect } from 'react';
import { startMemorySession } from '~/modules/browser/memory-session';

export const COOKIES_REFUSED_NOTICE =
  'Your browser is blocking cookies. You can browse and choose a store on this page, but signing in and your cart need cookies: allow them for this site to use those.';

/** Loaded only when the browser refuses cookies (decision 0101): the in-memory session and the one notice. */
export function CookiesRefused() {
  useEffect(() => startMemorySession(), []);
  return (
    <div className="container-page pt-4">
      <p
        role="status"
        className="rounded-xl bg-amber-50 p-3 text-sm font-semibold text-stone-800"
        data-testid="cookies-refused"
      >
        {COOKIES_REFUSED_NOTICE}
      </p>
    </div>
  );
}
