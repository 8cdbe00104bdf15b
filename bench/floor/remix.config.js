/**
 * The framework's floor for `npm run bench`: a trivial Remix page built with the same compiler and
 * options as Pantry and served by the same server (server/serve.ts).
 * @type {import('@remix-run/dev').AppConfig}
 */
export default {
  serverModuleFormat: 'esm',
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
};
