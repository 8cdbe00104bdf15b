import type { BannerDefinition } from '~/modules/banners/banner-catalog';
import { formatCents } from '~/modules/catalog/pricing';
import { INTL_LOCALE, type Language } from '~/modules/i18n/languages';
import { translator, type T } from '~/modules/i18n/translate';
import enMail from '~/locales/en/mail.json';

/**
 * The language a message is written in and its translate function (the `mail` namespace): the customer's
 * preferred language, English when they never chose one.
 */
export interface MailWords {
  language: Language;
  t: T;
}

/** English, the default: the English file holds only plural forms, every other key is its own text. */
export const ENGLISH_WORDS: MailWords = { language: 'en', t: translator(enMail, 'en') };

/** The building blocks every template shares: escaping, the banner's frame, money, times, line tables. */

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A paragraph of HTML from plain words (escaped). */
export function paragraph(text: string): string {
  return `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(text)}</p>`;
}

export function button(banner: BannerDefinition, label: string, href: string): string {
  return (
    `<p style="margin:0 0 16px"><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 20px;` +
    `border-radius:6px;background:${banner.colors.primary};color:#ffffff;font-weight:bold;text-decoration:none">` +
    `${escapeHtml(label)}</a></p>`
  );
}

/** A one-time code, large and easy to copy. */
export function codeBlock(banner: BannerDefinition, code: string): string {
  return (
    `<p style="margin:0 0 16px;font-size:28px;font-weight:bold;letter-spacing:6px;color:${banner.colors.dark}">` +
    `${escapeHtml(code)}</p>`
  );
}

/** The whole HTML document: the banner's name on its colour, the content, and a footer. */
export function frame(banner: BannerDefinition, title: string, content: string, words: MailWords): string {
  return (
    `<!DOCTYPE html><html lang="${words.language}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
    `<body style="margin:0;padding:0;background:${banner.colors.soft};font-family:Arial,Helvetica,sans-serif;color:#1c1917">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px">` +
    `<tr><td style="background:${banner.colors.primary};color:#ffffff;padding:16px 24px;border-radius:8px 8px 0 0;` +
    `font-size:20px;font-weight:bold">${escapeHtml(banner.name)}</td></tr>` +
    `<tr><td style="padding:24px">${content}</td></tr>` +
    `<tr><td style="padding:16px 24px;font-size:12px;color:#57534e;border-top:4px solid ${banner.colors.accent}">` +
    `${escapeHtml(banner.name)} · ${escapeHtml(words.t(banner.tagline))}</td></tr>` +
    `</table></td></tr></table></body></html>`
  );
}

/** The plain-text version's frame: the banner's name above, its tagline below. */
export function textFrame(banner: BannerDefinition, lines: string[], words: MailWords): string {
  return [banner.name, '', ...lines, '', `${banner.name} · ${words.t(banner.tagline)}`].join('\n');
}

export const money = formatCents;

export function formatWhen(iso: string, timezone: string, words: MailWords): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[words.language], {
    timeZone: timezone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  })
    .format(new Date(iso))
    .replace(/\u202f/g, ' ');
}

function formatTime(iso: string, timezone: string, words: MailWords): string {
  // ICU puts a narrow no-break space before AM/PM; plain text reads better with a plain one.
  return new Intl.DateTimeFormat(INTL_LOCALE[words.language], {
    timeZone: timezone,
    hour: 'numeric',
    minute: '2-digit',
  })
    .format(new Date(iso))
    .replace(/\u202f/g, ' ');
}

/** "Saturday, November 28 at 2:00 PM – 4:00 PM" in the store's time zone. */
export function formatWindow(window: { startsAt: string; endsAt: string; timezone: string }, words: MailWords): string {
  return `${formatWhen(window.startsAt, window.timezone, words)} – ${formatTime(window.endsAt, window.timezone, words)}`;
}

export interface TableRow {
  label: string;
  value: string;
  strong?: boolean;
}

export function htmlTable(rows: TableRow[]): string {
  const cells = rows
    .map(
      (row) =>
        `<tr><td style="padding:4px 0${row.strong ? ';font-weight:bold' : ''}">${escapeHtml(row.label)}</td>` +
        `<td align="right" style="padding:4px 0${row.strong ? ';font-weight:bold' : ''}">${escapeHtml(row.value)}</td></tr>`,
    )
    .join('');
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px">${cells}</table>`;
}

export function textTable(rows: TableRow[]): string[] {
  return rows.map((row) => `${row.label}  ${row.value}`);
}
