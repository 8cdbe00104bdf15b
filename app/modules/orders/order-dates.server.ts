import { formatInTimeZone } from 'date-fns-tz';
import { INTL_LOCALE, type Language } from '~/modules/i18n/languages';
import { slotLabel } from '~/modules/slots/slots.server';

/** How much of a moment an order page shows. */
export type MomentShape = 'time' | 'weekdayTime' | 'dayTime' | 'fullDayTime';

// English keeps the wording the pages always had (tests and emails quote it); other languages use Intl.
const ENGLISH: Record<MomentShape, string> = {
  time: 'h:mm a',
  weekdayTime: 'EEE h:mm a',
  dayTime: 'EEE, MMM d, h:mm a',
  fullDayTime: 'EEE, MMM d, yyyy h:mm a',
};
const TIME = { hour: 'numeric', minute: '2-digit' } as const;
const INTL: Record<MomentShape, Intl.DateTimeFormatOptions> = {
  time: TIME,
  weekdayTime: { weekday: 'short', ...TIME },
  dayTime: { weekday: 'short', month: 'short', day: 'numeric', ...TIME },
  fullDayTime: { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', ...TIME },
};

// Building an Intl formatter costs far more than using one: the slots page formats hundreds of windows.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(language: Language, timezone: string, shape: MomentShape | 'day'): Intl.DateTimeFormat {
  const key = `${language} ${timezone} ${shape}`;
  let format = formatters.get(key);
  if (!format) {
    const options = shape === 'day' ? ({ weekday: 'short', month: 'short', day: 'numeric' } as const) : INTL[shape];
    format = new Intl.DateTimeFormat(INTL_LOCALE[language], { ...options, timeZone: timezone });
    if (formatters.size >= 1_000) formatters.clear();
    formatters.set(key, format);
  }
  return format;
}

/** A moment on the store's clock, in the page's language (decision 0116). */
export function momentIn(language: Language, iso: string, timezone: string, shape: MomentShape): string {
  if (language === 'en') return formatInTimeZone(new Date(iso), timezone, ENGLISH[shape]);
  return formatter(language, timezone, shape).format(new Date(iso));
}

/** A delivery or pickup window ("Thu, Dec 3, 2:00 PM – 4:00 PM"), in the page's language. */
export function slotLabelIn(language: Language, startsAt: string, endsAt: string, timezone: string): string {
  if (language === 'en') return slotLabel(startsAt, endsAt, timezone);
  const day = formatter(language, timezone, 'day').format(new Date(startsAt));
  return `${day}, ${momentIn(language, startsAt, timezone, 'time')} – ${momentIn(language, endsAt, timezone, 'time')}`;
}
