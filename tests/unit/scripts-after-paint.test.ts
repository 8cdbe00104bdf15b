import { describe, expect, it, vi } from 'vitest';
import { rewriteScripts, withScriptsAfterFirstPaint } from '~/modules/http/scripts-after-paint.server';

// The shape Remix 2.17's <Scripts> renders.
const head = '<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/></head><body><p>Crème brûlée ✓</p>';
const preloads =
  '<link rel="modulepreload" href="/build/entry.client.js"/><link rel="modulepreload" href="/build/root.js"/>';
const context = '<script nonce="n0nce==">window.__remixContext = {"state":{}};</script>';
const manifest = 'window.__remixManifest = {\n  "entry": {\n    "imports": ["/build/chunk.js"]\n  }\n};\n';
const code =
  ';\nimport * as route0 from "/build/root.js";\nimport * as route1 from "/build/routes/_index.js";\n' +
  `${manifest}window.__remixRouteModules = {"root":route0,"routes/_index":route1};\n\nimport("/build/entry.client.js");`;
const open = '<script nonce="n0nce==" type="module" async="">';
const page = `${head}${preloads}${context}${open}${code}</script></body></html>`;

type Browser = 'paint timing' | 'no paint timing';

/**
 * Runs a rewritten module script against stand-ins for the browser (frames, timers, paint timing, links,
 * import()) and steps it: `steps` are 'paint' (the first contentful paint is reported), 'frame' and 'ms <n>'.
 * Returns what had been imported after each step.
 */
async function runModule(html: string, browser: Browser, steps: string[]) {
  const body = html.slice(html.indexOf(open) + open.length, html.lastIndexOf('</script>'));
  const frames: (() => void)[] = [];
  const observers: ((list: unknown, observer: { disconnect(): void }) => void)[] = [];
  const events: string[] = [];
  const links = [{ rel: 'pantry-modulepreload' }, { rel: 'pantry-modulepreload' }, { rel: 'stylesheet' }];
  const window: Record<string, unknown> = {};
  const document = {
    querySelectorAll: (selector: string) => {
      expect(selector).toBe('link[rel="pantry-modulepreload"]');
      return links.filter((link) => link.rel === 'pantry-modulepreload');
    },
  };
  const PerformanceObserver = function (this: unknown, callback: (typeof observers)[number]) {
    if (browser === 'no paint timing') throw new TypeError('PerformanceObserver is not a constructor');
    return {
      observe: (options: unknown) => (
        expect(options).toEqual({ type: 'paint', buffered: true }),
        observers.push(callback)
      ),
    };
  };
  const entries = (names: string[]) => ({ getEntriesByName: (name: string) => names.filter((n) => n === name) });
  const load = (source: string) => {
    events.push(`${source} (preloads: ${links.map((link) => link.rel).join(' ')})`);
    return Promise.resolve({ source });
  };
  vi.useFakeTimers();
  try {
    const run = new Function(
      'window',
      'document',
      'requestAnimationFrame',
      'setTimeout',
      'PerformanceObserver',
      'load',
      `return (async () => {${body.replace(/\bimport\(/g, 'load(')}})();`,
    ) as (...args: unknown[]) => Promise<void>;
    const finished = run(
      window,
      document,
      (callback: () => void) => frames.push(callback),
      setTimeout,
      PerformanceObserver,
      load,
    );
    const seen: string[][] = [];
    for (const step of steps) {
      if (step === 'frame') frames.shift()?.();
      else if (step === 'first paint') observers.forEach((o) => o(entries(['first-paint']), { disconnect() {} }));
      else if (step === 'paint') {
        const live = [...observers];
        observers.length = 0;
        live.forEach((o) => o(entries(['first-paint', 'first-contentful-paint']), { disconnect() {} }));
      } else await vi.advanceTimersByTimeAsync(Number(step.replace('ms ', '')));
      await vi.advanceTimersByTimeAsync(0);
      seen.push(events.map((event) => event.split(' ')[0]!));
    }
    await vi.advanceTimersByTimeAsync(5_000); // the background-tab timer finds the work done
    await finished;
    return { seen, events, window };
  } finally {
    vi.useRealTimers();
  }
}

const ALL = ['/build/root.js', '/build/routes/_index.js', '/build/entry.client.js'];

describe('withScriptsAfterFirstPaint', () => {
  it('keeps every element in place: preloads made inert, the module script importing after the first paint', async () => {
    const out = withScriptsAfterFirstPaint(page);
    expect(
      out.startsWith(head + preloads.replaceAll('rel="modulepreload"', 'rel="pantry-modulepreload"') + context + open),
    ).toBe(true);
    expect(out).not.toMatch(/^import /m);
    expect(out).toContain(manifest);
    expect(out.endsWith('import("/build/entry.client.js");</script></body></html>')).toBe(true);
  });

  it('waits for the first contentful paint and a frame, restores the preloads, then imports as Remix did', async () => {
    const html = withScriptsAfterFirstPaint(page);
    const { seen, events, window } = await runModule(html, 'paint timing', [
      'frame',
      'frame',
      'first paint',
      'paint',
      'frame',
    ]);
    expect(seen).toEqual([[], [], [], [], ALL]);
    expect(events).toEqual(ALL.map((source) => `${source} (preloads: modulepreload modulepreload stylesheet)`));
    expect(window.__remixRouteModules).toEqual({
      root: { source: '/build/root.js' },
      'routes/_index': { source: '/build/routes/_index.js' },
    });
    expect(window.__remixManifest).toEqual({ entry: { imports: ['/build/chunk.js'] } });
  });

  it('waits two frames where the browser has no paint timing, and 2 s in a tab that does not paint', async () => {
    const html = withScriptsAfterFirstPaint(page);
    expect((await runModule(html, 'no paint timing', ['frame', 'frame'])).seen).toEqual([[], ALL]);
    const hidden = await runModule(html, 'paint timing', ['ms 1999', 'ms 1']);
    expect(hidden.seen).toEqual([[], ALL]);
    expect(hidden.events).toHaveLength(3); // once, not again when a paint or frame comes later
  });

  it('passes a page unchanged when it has no module script, or one that imports something else', async () => {
    const plain = `${head}${preloads}<script>1</script></body></html>`;
    expect(withScriptsAfterFirstPaint(plain)).toBe(plain);
    expect(rewriteScripts(plain)).toBeNull();
    const other = page.replace(';\nimport * as route0', ';\nimport { x } from "/build/x.js";\nimport * as route0');
    expect(withScriptsAfterFirstPaint(other)).toBe(other);
  });
});
