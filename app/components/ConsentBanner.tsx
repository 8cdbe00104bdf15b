import { Form, useLocation } from '@remix-run/react';
import { useT } from '~/components/page-essentials';
import type { Language } from '~/modules/i18n/languages';
import { CONSENT_CATEGORIES } from '~/modules/session/consent';

/**
 * Asks once which cookie categories the shopper accepts; plain form posts, so it works without JS. Sticky at the end
 * of the page, not fixed: it holds its own space there, so the footer never sits under it (WCAG 2.4.11, decision 0115).
 */
// `language` is only its island's signature: a new language renders it again.
export function ConsentBanner(_props: { language: Language }) {
  const t = useT();
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  return (
    <section
      aria-labelledby="consent-heading"
      className="consent-banner sticky bottom-0 z-40 border-t border-stone-200 bg-white shadow-[0_-4px_16px_rgba(0,0,0,0.08)]"
      data-testid="consent-banner"
    >
      <div className="container-page flex flex-col gap-3 py-4 lg:flex-row lg:items-center">
        <div className="flex-1 text-sm">
          <h2 id="consent-heading" className="font-bold">
            {t('Cookies on this site')}
          </h2>
          <p className="text-stone-600">
            {t(
              'We use necessary cookies to run the store. With your OK we also remember your delivery address and measure how the site performs.',
            )}
          </p>
        </div>
        <Form method="post" action="/consent" className="flex flex-wrap gap-2">
          <input type="hidden" name="returnTo" value={returnTo} />
          <button type="submit" name="choice" value="necessary" className="btn-outline">
            {t('Necessary only')}
          </button>
          <button type="submit" name="choice" value="all" className="btn-primary">
            {t('Accept all')}
          </button>
        </Form>
        <details className="text-sm">
          <summary className="cursor-pointer font-semibold text-brand">{t('Choose categories')}</summary>
          <Form method="post" action="/consent" className="mt-2 grid gap-1">
            <input type="hidden" name="returnTo" value={returnTo} />
            {Object.entries(CONSENT_CATEGORIES).map(([id, label]) => (
              <label key={id} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  name="categories"
                  value={id}
                  defaultChecked={id === 'C0001'}
                  disabled={id === 'C0001'}
                />
                {t(label)}
              </label>
            ))}
            <button type="submit" name="choice" value="custom" className="btn-outline mt-1">
              {t('Save choices')}
            </button>
          </Form>
        </details>
      </div>
    </section>
  );
}
