import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * The patch of @remix-run/router (patches/, applied by `npm install`'s postinstall): the static handler
 * flattens and ranks its routes once, and a pattern's expression is compiled once. Loaded as the server loads
 * it (the CommonJS build). Decision 0052: the static handler remembers which ranked branch a pathname matched.
 */
interface StaticHandler {
  queryRoute: (request: Request) => Promise<unknown>;
}
interface Router {
  createStaticHandler: (routes: unknown[]) => StaticHandler;
  matchRoutes: (routes: unknown[], location: string) => { route: { id: string }; params: object }[] | null;
  matchPath: (pattern: { path: string; caseSensitive?: boolean; end?: boolean }, pathname: string) => unknown;
}
const router = createRequire(import.meta.url)('@remix-run/router') as Router;

const loader = ({ params }: { params: object }) => Response.json({ params });
function routes() {
  return [
    {
      id: 'root',
      path: '/',
      loader,
      children: [
        ...Array.from({ length: 60 }, (_, i) => ({ id: `page${i}`, path: `section-${i}/:item/:view?`, loader })),
        { id: 'files', path: 'files/*', loader },
        { id: 'home', index: true, loader },
      ],
    },
  ];
}

afterEach(() => vi.restoreAllMocks());

describe('the router patches', () => {
  it('flattens and ranks a static handler’s routes once, not on every request', async () => {
    const handler = router.createStaticHandler(routes());
    await handler.queryRoute(new Request('http://pantry.test/section-7/milk'));
    // Flattening splits every route's path (two splits per route); a match after it splits only the URL.
    const split = vi.spyOn(String.prototype, 'split');
    await handler.queryRoute(new Request('http://pantry.test/section-42/eggs/list'));
    expect(split.mock.calls.length).toBeLessThan(20);
  });

  it('matches a pathname it has matched before against that branch alone', async () => {
    const handler = router.createStaticHandler(routes());
    const match = vi.spyOn(String.prototype, 'match');
    await handler.queryRoute(new Request('http://pantry.test/section-59/b/c'));
    // Ranked equal, the 59 section routes before it are each tried first.
    const first = match.mock.calls.length;
    match.mockClear();
    const again = await handler.queryRoute(new Request('http://pantry.test/section-59/b/c'));
    const second = match.mock.calls.length;
    match.mockClear();
    await expect(handler.queryRoute(new Request('http://pantry.test/nowhere'))).rejects.toMatchObject({ status: 404 });
    await expect(handler.queryRoute(new Request('http://pantry.test/nowhere'))).rejects.toMatchObject({ status: 404 });
    expect(first).toBeGreaterThan(59);
    expect(second).toBeLessThanOrEqual(2);
    expect(await (again as Response).json()).toEqual({ params: { item: 'b', view: 'c' } });
  });

  it('compiles a pattern’s expression once', () => {
    const Original = globalThis.RegExp;
    let built = 0;
    router.matchPath({ path: '/aisle/:id' }, '/aisle/1');
    globalThis.RegExp = new Proxy(Original, {
      construct(target, args: [string, string?]) {
        built += 1;
        return new target(...args);
      },
    });
    try {
      expect(router.matchPath({ path: '/aisle/:id' }, '/aisle/2')).toMatchObject({ params: { id: '2' } });
    } finally {
      globalThis.RegExp = Original;
    }
    expect(built).toBe(0);
  });

  it('keeps the case and end flags apart in the compiled patterns', () => {
    expect(router.matchPath({ path: '/Aisle', caseSensitive: true }, '/aisle')).toBeNull();
    expect(router.matchPath({ path: '/Aisle' }, '/aisle')).not.toBeNull();
    expect(router.matchPath({ path: '/aisle', end: true }, '/aisle/9')).toBeNull();
    expect(router.matchPath({ path: '/aisle', end: false }, '/aisle/9')).not.toBeNull();
  });

  it('answers as the router’s own matching does, request after request', async () => {
    const handler = router.createStaticHandler(routes());
    const paths = ['/', '/section-3/a', '/section-59/b/c', '/files/x/y.pdf', '/section-3/a/b/c', '/nowhere'];
    for (let round = 0; round < 3; round++)
      for (const path of paths) {
        const expected = router.matchRoutes(routes(), path)?.at(-1);
        const response = await handler
          .queryRoute(new Request(`http://pantry.test${path}`))
          .catch((error: unknown) => error);
        if (!expected || expected.route.id === 'root') {
          // No route of its own: the handler throws the router's 404.
          expect((response as { status: number }).status, path).toBe(404);
        } else {
          expect(await (response as Response).json(), path).toEqual({ params: expected.params });
        }
      }
  });
});
