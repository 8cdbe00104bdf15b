import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { STRINGS_FILES } from '~/components/page-essentials';

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

// The page's strings (decision 0120): the files its head preloads, loaded before hydration so that the browser
// renders the words the server wrote. If one cannot load, the page is left as the server wrote it, working as it
// does without JavaScript: hydrating without its words would replace them with English.
Promise.all(
  [...document.querySelectorAll('link[href^="/build/strings/"]')].map(async (link) => {
    const href = link.getAttribute('href')!;
    const response = await plainFetch(href);
    if (!response.ok) throw new Error(href);
    STRINGS_FILES.set(href, (await response.json()) as Record<string, string>);
  }),
).then(
  () =>
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <RemixBrowser />
        </StrictMode>,
      );
    }),
  (error: unknown) => console.error('The page stays as the server wrote it: its strings did not load.', error),
);
