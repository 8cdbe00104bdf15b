/**
 * `npm run build` (after `remix build`): compiles the storefront's server (server/serve.ts), the identity
 * provider (idp/server.ts) and `npm start`'s launcher (scripts/start.ts) into plain JavaScript under
 * build/server/, so production runs them with `node` alone: no TypeScript loader, no esbuild service in the
 * running process, and a start about twice as fast.
 * Packages stay in node_modules (imported as they are); only Pantry's own modules are bundled.
 */
import { build, type Plugin } from 'esbuild';

export const SERVER_ENTRIES = {
  serve: 'server/serve.ts',
  'identity-provider': 'idp/server.ts',
  // `npm start`'s launcher: prepares the database, then runs the two above.
  start: 'scripts/start.ts',
};

/** Packages stay imports (`~/…` is Pantry's own app/ folder, bundled). */
const packagesStayExternal: Plugin = {
  name: 'packages-stay-external',
  setup(on) {
    on.onResolve({ filter: /^[^./~]/ }, (args) => ({ path: args.path, external: true }));
  },
};

await build({
  entryPoints: SERVER_ENTRIES,
  outdir: 'build/server',
  bundle: true,
  plugins: [packagesStayExternal],
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Pantry's modules keep their names in stack traces and logs.
  minify: false,
  keepNames: true,
  logLevel: 'warning',
});
