import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequestHandler, type ServerBuild } from '@remix-run/node';
import { describe, expect, it } from 'vitest';

/**
 * The patch of @remix-run/server-runtime (patches/): a loader or action gets the request itself
 * when its URL has none of the parameters Remix strips (`index`, `_data`), so the root and the page loaders of
 * one render see one Request and the shopper memoised per request (loadShopper) is resolved once.
 */
if (!existsSync('build/index.js'))
  throw new Error('loader-request.test.ts needs the production build: run npm run build');
const build = (await import(pathToFileURL(path.resolve('build/index.js')).href)) as ServerBuild;

const PAGE = 'routes/shop.slots[.]html';

/** The build with the root's and the page's loader replaced by ones that note their request. */
function recordingHandler() {
  const seen: { route: string; request: Request }[] = [];
  const routes = { ...build.routes };
  for (const id of ['root', PAGE]) {
    const route = routes[id]!;
    routes[id] = {
      ...route,
      module: {
        ...route.module,
        loader: ({ request }: { request: Request }) => {
          seen.push({ route: id, request });
          return Response.json({});
        },
      },
    };
  }
  return { handle: createRequestHandler({ ...build, routes }, 'production'), seen };
}

describe('the request a loader gets', () => {
  it('is one Request for the root and the page loaders of a render', async () => {
    const { handle, seen } = recordingHandler();
    await handle(new Request('http://localhost/shop/slots.html?type=pickup&day=2026-11-26'));
    expect(seen.map((s) => s.route).sort()).toEqual([PAGE, 'root'].sort());
    expect(seen[0]!.request).toBe(seen[1]!.request);
    expect(new URL(seen[0]!.request.url).search).toBe('?type=pickup&day=2026-11-26');
  });

  it('is a copy without the parameters Remix strips when the URL has them', async () => {
    const { handle, seen } = recordingHandler();
    await handle(new Request('http://localhost/shop/slots.html?type=pickup&_data=root'));
    expect(seen).toHaveLength(1);
    expect(new URL(seen[0]!.request.url).search).toBe('?type=pickup');
  });
});
