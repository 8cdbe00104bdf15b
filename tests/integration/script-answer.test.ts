import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequestHandler, type ServerBuild } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import { readFormValues } from '~/modules/http/forms.server';
import { SCRIPT_ANSWER_FIELD, SCRIPT_ANSWER_VALUE, wantsScriptAnswer } from '~/modules/http/script-answer';

/**
 * What the clip action can tell about its caller. A fetcher posts to `/foru/clip?_data=routes/foru.clip`, but
 * Remix takes `_data` off the URL before the action runs, so only a field in the form itself says "answer me
 * with JSON"; a plain form post (no JavaScript) has neither.
 */
if (!existsSync('build/index.js'))
  throw new Error('script-answer.test.ts needs the production build: run npm run build');
const build = (await import(pathToFileURL(path.resolve('build/index.js')).href)) as ServerBuild;

const CLIP = 'routes/foru.clip';

/** The build with the clip action replaced by one that notes what it was given. */
function recordingHandler() {
  const seen: { search: string; script: boolean }[] = [];
  const routes = { ...build.routes };
  const route = routes[CLIP]!;
  routes[CLIP] = {
    ...route,
    module: {
      ...route.module,
      action: async ({ request }: { request: Request }) => {
        seen.push({ search: new URL(request.url).search, script: wantsScriptAnswer(await readFormValues(request)) });
        return Response.json({});
      },
    },
  };
  return { handle: createRequestHandler({ ...build, routes }, 'production'), seen };
}

function clipPost(url: string, fields: Record<string, string>) {
  return new Request(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://localhost' },
    body: new URLSearchParams(fields),
  });
}

describe('the clip action telling a script from a form post', () => {
  it('never sees the _data parameter a fetcher posts with', async () => {
    const { handle, seen } = recordingHandler();
    await handle(
      clipPost(`http://localhost/foru/clip?_data=${encodeURIComponent(CLIP)}`, { intent: 'clip', offerId: '1' }),
    );
    expect(seen).toEqual([{ search: '', script: false }]);
  });

  it('sees the field a hydrated page posts, and answers that caller as a script', async () => {
    const { handle, seen } = recordingHandler();
    await handle(
      clipPost(`http://localhost/foru/clip?_data=${encodeURIComponent(CLIP)}`, {
        intent: 'clip',
        offerId: '1',
        [SCRIPT_ANSWER_FIELD]: SCRIPT_ANSWER_VALUE,
      }),
    );
    expect(seen).toEqual([{ search: '', script: true }]);
  });

  it('takes a plain form post, without the field, for a browser to redirect', async () => {
    const { handle, seen } = recordingHandler();
    await handle(clipPost('http://localhost/foru/clip', { intent: 'clip', offerId: '1' }));
    expect(seen).toEqual([{ search: '', script: false }]);
  });
});
