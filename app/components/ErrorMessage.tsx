import { Link } from '@remix-run/react';
import { useT } from '~/components/page-essentials';
import { UNAVAILABLE_MESSAGE, UNAVAILABLE_TITLE } from '~/modules/http/unavailable-copy';

const COPY: Record<number, { title: string; body: string }> = {
  404: { title: "We couldn't find that page", body: 'The page may have moved, or the link may be mistyped.' },
  405: {
    title: 'That page cannot do that',
    body: 'This page can only be viewed. Go back and use its buttons or links.',
  },
  500: {
    title: 'Something went wrong on our side',
    body: 'Please try again in a moment. Your cart and clipped offers are safe.',
  },
  // The database is briefly unavailable (docs/decisions/0024).
  503: { title: UNAVAILABLE_TITLE, body: UNAVAILABLE_MESSAGE },
};

/** A friendly error panel; `message` is a sentence written for shoppers (never an exception's text). */
export function ErrorMessage({ status, message, title }: { status: number; message?: string; title?: string }) {
  const t = useT();
  const copy = COPY[status] ?? {
    title: title ?? 'We could not do that',
    body: message ?? 'Please go back and try again.',
  };
  return (
    <div className="mx-auto max-w-xl text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand">{t('Error {{status}}', { status })}</p>
      <h1 className="mt-2 text-3xl font-extrabold">{t(copy.title)}</h1>
      <p className="mt-3 text-stone-600">{t(status in COPY ? copy.body : (message ?? copy.body))}</p>
      <Link to="/" className="btn-primary mt-6">
        {t('Back to the home page')}
      </Link>
    </div>
  );
}
