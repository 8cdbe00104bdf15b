import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';

// Every call the page's scripts make to the storefront's own APIs answers within the spec's time-out (decision 0089).
// The code that does it loads with the page's first such call, not with the page; if it cannot load, calls go out
// plain. Remix's route discovery (/__manifest, on every page) is the framework's own request, not a page's call.
const plainFetch = window.fetch.bind(window);
let timedFetch: Promise<typeof fetch> | undefined;
window.fetch = (input, init) =>
  String(input).includes('/__manifest?')
    ? plainFetch(input, init)
    : (timedFetch ??= import('~/modules/browser/call-timing').then(
        (timing) => timing.withCallTimeout(plainFetch, window as Parameters<typeof timing.withCallTimeout>[1]),
        () => plainFetch,
      )).then((call) => call(input, init));

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
