import { LANGUAGE_NAMES, type Language } from '~/modules/i18n/languages';

/**
 * Offers the other language, named in itself ("Español", "English"). A plain form post to /language, which keeps
 * the choice and comes back to `returnTo`: the same in every browser, with or without JavaScript.
 */
export function LanguageSwitch({
  language,
  returnTo,
  className = '',
}: {
  language: Language;
  /** Where to come back to; without it, the page the form was on (the Referer). */
  returnTo?: string;
  className?: string;
}) {
  const other: Language = language === 'es' ? 'en' : 'es';
  return (
    <form method="post" action="/language" className={className} data-testid="language-switch">
      {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
      <button
        type="submit"
        name="language"
        value={other}
        lang={other}
        className="min-h-6 rounded-lg px-1 font-semibold underline-offset-2 hover:text-brand hover:underline"
      >
        {LANGUAGE_NAMES[other]}
      </button>
    </form>
  );
}
