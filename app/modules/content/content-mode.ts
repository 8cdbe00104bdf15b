import { z } from 'zod';
import { INTL_LOCALE, type Language } from '~/modules/i18n/languages';
import { translate, type T } from '~/modules/i18n/translate';

/**
 * Content-management modes (spec section 6, decision 0093). A content editor opens a signed link that names a
 * mode and the moment to preview; the storefront then shows itself as of that moment: offers (and home-page
 * content) dated to start later are the drafts an editor checks before they go live.
 */
export const CONTENT_MODES = ['preview', 'author'] as const;
export type ContentModeName = (typeof CONTENT_MODES)[number];

/** A link is good for an hour after it is printed: long enough to open, short enough not to be passed around. */
export const CONTENT_LINK_LIFETIME_SECONDS = 3_600;
/** The mode cookie lasts two hours (an afternoon of checking content), then the editor opens a new link. */
export const CONTENT_MODE_LIFETIME_SECONDS = 7_200;
/** The moment previewed lies within a year either side of when the link was printed. */
export const PREVIEW_RANGE_MS = 366 * 86_400_000;

export interface ContentMode {
  mode: ContentModeName;
  /** The moment the storefront is shown as of (ISO 8601). */
  at: string;
}

/**
 * What the root loader sends the page about a content mode: the mode, the previewed moment and the preview bar's
 * words, written on the server in the page's language (the bar is on every page of a content mode, and nowhere else).
 */
export interface ContentModeChrome {
  mode: ContentModeName;
  label: string;
  words: { region: string; name: string; lead: string; rest: string; leave: string };
}

/** What the signed mode cookie holds: the mode, and when it ends (checked here, not only by the browser). */
export const contentModeCookieSchema = z
  .object({
    mode: z.enum(CONTENT_MODES),
    at: z.string().datetime(),
    until: z.number().int().positive(),
  })
  .strict();
export type ContentModeCookie = z.infer<typeof contentModeCookieSchema>;

/** The mode a cookie value grants at `now`, or null for anything else (wrong shape, unknown mode, ended). */
export function contentModeFromCookie(value: unknown, now: Date): ContentMode | null {
  const parsed = contentModeCookieSchema.safeParse(value);
  if (!parsed.success || parsed.data.until <= now.getTime()) return null;
  return { mode: parsed.data.mode, at: parsed.data.at };
}

export function contentModeCookieValue(mode: ContentMode, now: Date): ContentModeCookie {
  return { ...mode, until: now.getTime() + CONTENT_MODE_LIFETIME_SECONDS * 1000 };
}

/** Whether `at` is a moment a link may name, seen from `now`. */
export function isPreviewableMoment(at: string, now: Date): boolean {
  const time = Date.parse(at);
  return Number.isFinite(time) && Math.abs(time - now.getTime()) <= PREVIEW_RANGE_MS;
}

/** "Sat, Dec 5, 2026, 9:00 AM UTC": the previewed moment, written on the server in the page's language. */
export function previewMomentLabel(at: string, language: Language = 'en'): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[language], {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(new Date(at));
}

/** The messages of the link page (one per way a link can be refused). */
export const CONTENT_LINK_MESSAGES = {
  missing: 'This page opens a content preview link. Ask for a new link to preview the storefront.',
  malformed: 'This preview link is not valid. Ask for a new link.',
  forged: 'This preview link was not issued by Pantry. Ask for a new link.',
  expired: 'This preview link has expired. Ask for a new link.',
} as const;
export type ContentLinkProblem = keyof typeof CONTENT_LINK_MESSAGES;

/** 400 for a request that is not a link at all, 403 for a link we refuse. */
export const CONTENT_LINK_STATUS: Record<ContentLinkProblem, 400 | 403> = {
  missing: 400,
  malformed: 400,
  forged: 403,
  expired: 403,
};

/**
 * The moment an editor's `--at` names: a full ISO date-time as given, or a calendar date alone as noon UTC of that
 * day (morning across the US, so offers starting that day are in view). Null for anything else.
 */
export function previewMomentFromInput(input: string): string | null {
  const value = /^\d{4}-\d{2}-\d{2}$/.test(input) ? `${input}T12:00:00.000Z` : input;
  if (!z.string().datetime({ offset: true }).safeParse(value).success) return null;
  const time = Date.parse(value);
  return Number.isFinite(time) ? new Date(time).toISOString() : null;
}

export function isContentModeName(value: string): value is ContentModeName {
  return (CONTENT_MODES as readonly string[]).includes(value);
}

const english: T = (key, options) => translate({}, 'en', key, options);

/**
 * What a content editor reads on an offer: in preview, whether it is a draft; in author mode, also which offer it
 * is (the id to name when asking for a change). Null when there is nothing to say. `t`: the offers namespace's.
 */
export function contentNoteFor(mode: ContentModeName, offerId: number, draft: boolean, t: T = english): string | null {
  const id = String(offerId);
  if (mode === 'author')
    return draft ? t('Offer #{{id}} · draft, not yet live', { id }) : t('Offer #{{id}} · live', { id });
  return draft ? t('Not yet live') : null;
}

/** The preview bar's words in one language (`t`: the staff namespace's). */
export function previewBarWords(mode: ContentModeName, t: T): ContentModeChrome['words'] {
  const author = mode === 'author';
  return {
    region: author ? t('Author mode') : t('Preview mode'),
    name: author ? t('Author mode') : t('Preview'),
    lead: t('you are seeing the storefront as of'),
    rest: t(', with offers not yet live. Shoppers do not see this.'),
    leave: author ? t('Leave author mode') : t('Leave preview'),
  };
}
