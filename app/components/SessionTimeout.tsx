import { lazy, Suspense, useState } from 'react';
import { useHydrated } from '~/components/page-essentials';
import type { PageSession } from '~/modules/browser/session-clock';

// The session clock (SessionWatch.tsx) matters only to signed-in shoppers: anonymous pages do not load it.
const SessionWatch = lazy(async () => ({ default: (await import('./SessionWatch')).SessionWatch }));

/**
 * Watches the signed-in session on an open page (SessionWatch.tsx). Its code loads once a page has had a
 * session, after hydration (it renders nothing until the session expires), and it stays mounted from then
 * on, so that the session-timeout modal outlives the session it reports on.
 */
export function SessionTimeout({ session }: { session: PageSession | null }) {
  const hydrated = useHydrated();
  const [seen, setSeen] = useState(session !== null);
  if (session !== null && !seen) setSeen(true);
  if (!seen || !hydrated) return null;
  return (
    <Suspense fallback={null}>
      <SessionWatch session={session} />
    </Suspense>
  );
}
