/**
 * `npm run build` (after `remix build`): compiles the storefront's server (server/serve.ts), the identity
 * provider (idp/server.ts) and `npm start`'s launcher (scripts/start.ts) into plain JavaScript under
 * build/server/, so production runs them with `node` alone: no TypeScript loader, no esbuild service in the
 * running process, and a start about twice as fast.
 */
import { bundleForNode } from './bundle-for-node';

await bundleForNode(
  {
    serve: 'server/serve.ts',
    'identity-provider': 'idp/server.ts',
    // `npm start`'s launcher: prepares the database, then runs the two above.
    start: 'scripts/start.ts',
  },
  'build/server',
);
