import { useT } from '~/components/page-essentials';
import type { BusinessSiteClosed } from '~/modules/banners/business-site';

/** What every business-site page shows while isB2BDisabled is on: a way back to the consumer site. */
export function BusinessSiteClosedPage({ closed }: { closed: BusinessSiteClosed }) {
  const t = useT();
  return (
    <div className="mx-auto max-w-xl text-center" data-testid="business-site-closed">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand">{t('Business site')}</p>
      <h1 className="mt-2 text-3xl font-extrabold">{t("We're not taking business orders right now")}</h1>
      {/* The answer's message is English for API callers (spec); the page says it in the shopper's language. */}
      <p className="mt-3 text-stone-600">{t(closed.message)}</p>
      {/* Another origin (the consumer host), so a plain link rather than a client-side one. */}
      <a href={closed.consumerUrl} className="btn-primary mt-6">
        {t('Shop our main site')}
      </a>
    </div>
  );
}
