/** The storefront's server, the same under `npm start` and `npm run dev`: only who starts it differs. */
export const SERVE = ['--import', 'tsx', 'server/serve.ts', 'build/index.js'];

/**
 * Node's arguments for the storefront. In development `remix dev` rebuilds on every change and restarts this
 * same server, which then tells the page to reload; its socket is on `devServerPort` (3002 by default, since
 * remix dev's own default is the identity provider's port).
 */
export function storefrontCommand(dev: boolean, devServerPort = '3002'): string[] {
  if (!dev) return SERVE;
  return [
    'node_modules/@remix-run/dev/dist/cli.js',
    'dev',
    '--port',
    devServerPort,
    '--command',
    `node ${SERVE.join(' ')}`,
  ];
}
