/**
 * Node's arguments for Pantry's two processes. Production, the tests and the bench run the plain JavaScript that
 * `npm run build` compiles into build/server/ (scripts/build-servers.ts); development runs the same sources
 * through tsx, so a change to server/ or idp/ needs no build step.
 */

/** The storefront's server over the Remix build. */
export const STOREFRONT = ['build/server/serve.js', 'build/index.js'];
/** The identity provider. */
export const IDENTITY_PROVIDER = ['build/server/identity-provider.js'];

export const STOREFRONT_FROM_SOURCE = ['--import', 'tsx', 'server/serve.ts', 'build/index.js'];
export const IDENTITY_PROVIDER_FROM_SOURCE = ['--import', 'tsx', 'idp/server.ts'];

/**
 * The storefront under `npm start` and `npm run dev`. In development `remix dev` rebuilds on every change and
 * restarts the server from source, which then tells the page to reload; its socket is on `devServerPort` (3002 by
 * default, since remix dev's own default is the identity provider's port).
 */
export function storefrontCommand(dev: boolean, devServerPort = '3002'): string[] {
  if (!dev) return STOREFRONT;
  return [
    'node_modules/@remix-run/dev/dist/cli.js',
    'dev',
    '--port',
    devServerPort,
    '--command',
    `node ${STOREFRONT_FROM_SOURCE.join(' ')}`,
  ];
}

export function identityProviderCommand(dev: boolean): string[] {
  return dev ? IDENTITY_PROVIDER_FROM_SOURCE : IDENTITY_PROVIDER;
}
