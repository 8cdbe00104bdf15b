import { build, type Plugin } from 'esbuild';

/** Packages stay imports (`~/…` is Pantry's own app/ folder, bundled). */
const packagesStayExternal: Plugin = {
  name: 'packages-stay-external',
  setup(on) {
    on.onResolve({ filter: /^[^./~]/ }, (args) => ({ path: args.path, external: true }));
  },
};

/**
 * Bundles TypeScript entry points with Pantry's own modules into plain JavaScript for `node` (ESM, Node 20),
 * one file per entry in `outdir`; packages stay in node_modules, imported as they are. Names are kept for
 * stack traces and logs; nothing is minified.
 */
export async function bundleForNode(entryPoints: Record<string, string>, outdir: string): Promise<void> {
  await build({
    entryPoints,
    outdir,
    bundle: true,
    plugins: [packagesStayExternal],
    platform: 'node',
    format: 'esm',
    target: 'node20',
    minify: false,
    keepNames: true,
    logLevel: 'warning',
  });
}
