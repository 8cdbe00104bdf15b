import { json, redirect } from '@remix-run/node';
import { z } from 'zod';
import type { AuthorizedShopper } from '~/modules/access/shopper.server';
import type { Language } from '~/modules/i18n/languages';
import { log } from '~/modules/config/logger.server';
import { parseForm } from '~/modules/http/forms.server';
import { pageStrings, serverT } from '~/modules/i18n/translations.server';
import { CONTENT_LINK_MESSAGES, CONTENT_LINK_STATUS, previewMomentLabel, type ContentModeName } from './content-mode';
import { enterContentMode, leaveContentMode, readContentLink, readContentMode } from './content-mode.server';
import { markContentModeResponse } from './content-chrome.server';

/**
 * What the link page shows: the link's mode and moment to confirm, or why the link is refused; the moment and the
 * refusal written in the page's language, the page's own words in the staff namespace.
 */
export type ContentLinkPage =
  | { kind: 'link'; token: string; mode: ContentModeName; moment: string }
  | { kind: 'active'; mode: ContentModeName; moment: string }
  | { kind: 'refused'; message: string };

/**
 * GET /content/mode?token=…: a valid link is shown for the editor to confirm (a GET never changes anything: the
 * POST sets the cookie); a missing, malformed, forged or expired one is a 400/403 page that sets nothing.
 */
export async function contentLinkPage(request: Request, shopper: AuthorizedShopper) {
  const headers = new Headers(shopper.headers);
  markContentModeResponse(headers);
  const { language } = shopper;
  const i18n = pageStrings(language, ['staff']);
  const token = new URL(request.url).searchParams.get('token');
  const current = token ? null : await readContentMode(request, shopper.host.siteType);
  if (current) {
    const page: ContentLinkPage = {
      kind: 'active',
      mode: current.mode,
      moment: previewMomentLabel(current.at, language),
    };
    return json({ ...page, i18n }, { headers });
  }
  const link = await readContentLink(token);
  if (!link.ok) {
    if (link.problem !== 'missing') log.warn('content link refused', { reason: link.problem });
    const page: ContentLinkPage = { kind: 'refused', message: refusal(language, link.problem) };
    return json({ ...page, i18n }, { status: CONTENT_LINK_STATUS[link.problem], headers });
  }
  const page: ContentLinkPage = {
    kind: 'link',
    token: token!,
    mode: link.mode.mode,
    moment: previewMomentLabel(link.mode.at, language),
  };
  return json({ ...page, i18n }, { headers });
}

const refusal = (language: Language, problem: keyof typeof CONTENT_LINK_MESSAGES) =>
  serverT(language, 'staff')(CONTENT_LINK_MESSAGES[problem]);

const ContentModeForm = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('enter'), token: z.string().min(1).max(2000) }),
  z.object({ intent: z.literal('leave') }),
]);

/** POST /content/mode: enter the mode a valid link names, or leave it; either way the editor goes home. */
export async function contentModeAction(request: Request, shopper: AuthorizedShopper) {
  const headers = new Headers(shopper.headers);
  markContentModeResponse(headers);
  const form = await parseForm(request, ContentModeForm);
  if (!form.ok) {
    const page: ContentLinkPage = { kind: 'refused', message: refusal(shopper.language, 'malformed') };
    return json(page, { status: 400, headers });
  }
  if (form.data.intent === 'leave') {
    headers.append('Set-Cookie', await leaveContentMode(shopper.cookie));
    return redirect('/', { headers });
  }
  const link = await readContentLink(form.data.token);
  if (!link.ok) {
    log.warn('content link refused', { reason: link.problem });
    const page: ContentLinkPage = { kind: 'refused', message: refusal(shopper.language, link.problem) };
    return json(page, { status: CONTENT_LINK_STATUS[link.problem], headers });
  }
  log.info('content mode entered', { mode: link.mode.mode, at: link.mode.at });
  headers.append('Set-Cookie', await enterContentMode(link.mode, shopper.cookie));
  return redirect('/', { headers });
}
