/**
 * `npm run content:link -- --mode preview --at 2026-12-05 [--origin https://www.pantry.example]`: prints the signed
 * link a content editor opens to see the storefront as of that moment (decision 0093). It is signed with the
 * storefront's cookie secret (SESSION_SECRET, or the local one), so run it where the storefront's settings are. The
 * link works for an hour; the mode it opens lasts two hours.
 */
import { parseArgs } from 'node:util';
import { isContentModeName, previewMomentFromInput } from '../app/modules/content/content-mode';
import { signContentLink } from '../app/modules/content/content-mode.server';
import { appEnv } from '../app/modules/config/env.server';

const { values } = parseArgs({
  options: {
    mode: { type: 'string', default: 'preview' },
    at: { type: 'string' },
    origin: { type: 'string' },
  },
});

const mode = values.mode ?? 'preview';
const at = values.at ? previewMomentFromInput(values.at) : new Date().toISOString();
if (!isContentModeName(mode) || at === null) {
  console.error('Usage: npm run content:link -- --mode preview|author --at YYYY-MM-DD[THH:MM:SSZ] [--origin URL]');
  process.exit(2);
}
const origin = new URL(values.origin ?? `http://localhost:${appEnv().PORT}`).origin;
try {
  const token = await signContentLink({ mode, at });
  console.log(`${origin}/content/mode?token=${token}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
}
