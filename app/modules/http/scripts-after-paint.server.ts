const PRELOAD = '<link rel="modulepreload"';
/** An inert rel (browsers ignore unknown ones) that the module script turns back into modulepreload. */
export const WAITING_PRELOAD = '<link rel="pantry-modulepreload"';
const MODULE_SCRIPT = /<script\b[^>]*\btype="module"[^>]*>/;
const ROUTE_IMPORT = /^import \* as (\w+) from ("[^"\\]+");\n?/gm;

// After the first contentful paint has been reported, and one frame more; where the browser has no paint
// timing, after two animation frames. The timer is for a page opened in a background tab, which does not
// paint until it is shown.
const AFTER_FIRST_PAINT = [
  'await new Promise(function (go) {',
  '  setTimeout(go, 2000);',
  '  var next = function () { requestAnimationFrame(function () { setTimeout(go, 0); }); };',
  '  try {',
  '    new PerformanceObserver(function (list, observer) {',
  "      if (list.getEntriesByName('first-contentful-paint').length) { observer.disconnect(); next(); }",
  "    }).observe({ type: 'paint', buffered: true });",
  '  } catch (error) { requestAnimationFrame(next); }',
  '});',
  `document.querySelectorAll('link[rel="pantry-modulepreload"]').forEach(function (link) { link.rel = 'modulepreload'; });`,
].join('\n');

/**
 * The browser starts on the page's scripts after its first paint. Every page is
 * rendered in full on the server and works without JavaScript, so on a slow phone the document, the
 * stylesheet and the largest image should have the network to themselves until the page shows.
 * Remix's <Scripts> renders module preloads and a module script that imports the page's route
 * modules, which the browser fetches while it parses the page. This rewrite of the rendered document
 * keeps every element where it is (React hydrates the whole document and expects them) but makes
 * the preloads inert and turns the module script's static imports into dynamic ones that wait for
 * the first contentful paint; the script then restores the preloads and imports, as before. A page whose
 * module script has another shape, or that has none, is returned unchanged.
 */
export function withScriptsAfterFirstPaint(html: string): string {
  return rewriteScripts(html) ?? html;
}

/**
 * The text with its module preloads inert and its module script's route imports after the first
 * paint; the text unchanged if that script imports anything else; null until the script has ended.
 */
export function rewriteScripts(text: string): string | null {
  const open = MODULE_SCRIPT.exec(text);
  if (!open) return null;
  const codeStart = open.index + open[0].length;
  const codeEnd = text.indexOf('</script>', codeStart);
  if (codeEnd < 0) return null;
  const code = text.slice(codeStart, codeEnd);
  const routes: { name: string; source: string }[] = [];
  const rest = code.replace(ROUTE_IMPORT, (_, name: string, source: string) => {
    routes.push({ name, source });
    return '';
  });
  if (/^\s*import\s*[^\s(]/m.test(rest)) return text;
  const imports = routes.length
    ? `const [${routes.map((r) => r.name).join(', ')}] = await Promise.all([${routes.map((r) => `import(${r.source})`).join(', ')}]);\n`
    : '';
  return (
    text.slice(0, open.index).replaceAll(PRELOAD, WAITING_PRELOAD) +
    open[0] +
    `\n${AFTER_FIRST_PAINT}\n${imports}${rest}` +
    text.slice(codeEnd)
  );
}
