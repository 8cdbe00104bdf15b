import { Link, useFetcher } from '@remix-run/react';
import { ScriptAnswerField, useT } from '~/components/page-essentials';
import { offerAnchor, type ClipAnswer } from '~/modules/offers/clip-form';

export interface OfferCardData {
  id: number;
  title: string;
  description: string;
  offerType: string;
  valueLabel: string;
  endsAt: string;
  /** "Expires Dec 3", formatted on the server (no Intl formatter in the browser). */
  expires: string;
  imageKey: string;
  clipped: boolean | null;
  /** Only for a content editor (decision 0093): "Not yet live", or in author mode the offer's id too. */
  contentNote?: string | null;
}

/**
 * Clip or unclip, posting to /foru/clip. Without JavaScript the post redirects back to this card's
 * anchor; with it the button flips at once and flips back, with the server's message, if refused, and what
 * happened is read out by the card's status region (WCAG 4.1.3), in the page from the start and empty till then.
 */
export function ClipButton({
  offerId,
  clipped,
  returnTo,
  serverError,
  label,
}: {
  offerId: number;
  clipped: boolean | null;
  returnTo: string;
  serverError?: string | null;
  label: string;
}) {
  const t = useT();
  const fetcher = useFetcher<ClipAnswer>({ key: `clip-${offerId}` });
  const pending = fetcher.formData?.get('intent');
  const refused = fetcher.state === 'idle' && fetcher.data?.ok === false ? fetcher.data.message : null;
  const shownClipped = pending ? pending === 'clip' : fetcher.data?.ok ? fetcher.data.clipped : Boolean(clipped);
  // A refusal from the script answer is English (the action's JSON); the card shows it in the page's language.
  const error = refused ? t(refused) : (serverError ?? null);
  // Once the page has reloaded: a card that the reload takes away (My list) leaves the saying to its page.
  const done = fetcher.state === 'idle' && fetcher.data?.ok ? fetcher.data : null;
  const said = done
    ? t(done.clipped ? 'Clipped: {{title}}' : 'Removed from your list: {{title}}', { title: label })
    : '';
  return (
    <fetcher.Form method="post" action="/foru/clip" className="mt-auto">
      <ScriptAnswerField />
      <input type="hidden" name="offerId" value={offerId} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <input type="hidden" name="intent" value={shownClipped ? 'unclip' : 'clip'} />
      {clipped === null ? (
        <button type="submit" className="btn-outline w-full">
          {t('Sign in to clip')}
          <span className="sr-only"> {label}</span>
        </button>
      ) : shownClipped ? (
        <button
          type="submit"
          className="btn w-full bg-brand-soft text-brand-dark hover:bg-brand-soft/70"
          aria-pressed="true"
        >
          <span aria-hidden="true">✓</span> {t('Clipped')}
          <span className="sr-only">{t(': {{label}}. Select to remove it from your list.', { label })}</span>
        </button>
      ) : (
        <button type="submit" className="btn-primary w-full" aria-pressed="false">
          {t('Clip coupon')}
          <span className="sr-only"> {label}</span>
        </button>
      )}
      <p role="status" className="sr-only">
        {said}
      </p>
      {error ? (
        <p role="alert" className="mt-2 text-xs font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

export function OfferCard({
  offer,
  returnTo,
  detailsHref,
  serverError,
}: {
  offer: OfferCardData;
  returnTo: string;
  detailsHref: string;
  serverError?: string | null;
}) {
  return (
    <article
      id={offerAnchor(offer.id)}
      className="card flex scroll-mt-52 md:scroll-mt-28 flex-col overflow-hidden"
      data-testid="offer-card"
    >
      <div className="relative bg-stone-50 p-3">
        <img
          src={`/images/products/${offer.imageKey}.svg`}
          alt=""
          width={160}
          height={160}
          loading="lazy"
          decoding="async"
          className="mx-auto aspect-square w-full max-w-[120px]"
        />
        <span className="absolute left-3 top-3 rounded-full bg-white px-2 py-0.5 text-[11px] font-semibold text-stone-600 shadow-sm">
          {offer.offerType}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <p className="text-lg font-extrabold text-brand-dark">{offer.valueLabel}</p>
        <h3 className="line-clamp-2 text-sm font-semibold leading-snug">
          <Link to={detailsHref} className="hover:text-brand hover:underline">
            {offer.title}
          </Link>
        </h3>
        <p className="mb-2 text-xs text-stone-500">{offer.expires}</p>
        {offer.contentNote ? (
          <p className="mb-2 text-xs font-semibold text-violet-800" data-testid="offer-content-note">
            {offer.contentNote}
          </p>
        ) : null}
        <ClipButton
          offerId={offer.id}
          clipped={offer.clipped}
          returnTo={returnTo}
          serverError={serverError}
          label={offer.title}
        />
      </div>
    </article>
  );
}
