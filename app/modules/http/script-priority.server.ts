import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

const PRELOAD = '<link rel="modulepreload"';
const LOW_PRELOAD = '<link rel="modulepreload" fetchpriority="low"';

/**
 * Marks the page's module preloads `fetchpriority="low"` (decision 0028). Every page is rendered
 * in full on the server and works without JavaScript, so the stylesheet and the largest image
 * should win the first round trips on a slow phone; the modules that hydrate the page follow.
 * Remix's <Scripts> renders those links without a way to set their priority, hence a rewrite of
 * the HTML stream; a tag split across two chunks is held back until the next one.
 */
export function lowPriorityModulePreloads(): Transform {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  const rewrite = (text: string) => text.replaceAll(PRELOAD, LOW_PRELOAD);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const text = pending + decoder.write(chunk);
      const keep = partialTagLength(text);
      pending = text.slice(text.length - keep);
      done(null, rewrite(text.slice(0, text.length - keep)));
    },
    flush(done) {
      done(null, rewrite(pending + decoder.end()));
    },
  });
}

/** How many characters at the end of `text` could be the start of a preload tag. */
function partialTagLength(text: string): number {
  const from = text.lastIndexOf('<', text.length - 1);
  if (from < 0 || text.length - from >= PRELOAD.length) return 0;
  return PRELOAD.startsWith(text.slice(from)) ? text.length - from : 0;
}
