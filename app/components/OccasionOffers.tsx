import { useT } from '~/components/page-essentials';
import { OfferCard, type OfferCardData } from './OfferCard';

export interface OccasionOfferData extends OfferCardData {
  occasion: 'birthday' | 'anniversary';
}

/** The customer's birthday or anniversary offers (flag enableSpecialOccasion): clipped like any coupon. */
export function OccasionOffers({
  offers,
  greeting,
  returnTo,
}: {
  offers: OccasionOfferData[];
  /** "Happy birthday, Jordan!" (occasionGreeting). */
  greeting: string;
  returnTo: string;
}) {
  const t = useT();
  if (offers.length === 0) return null;
  return (
    <section
      className="card mt-6 border-rose-200 bg-rose-50 p-5"
      aria-labelledby="occasion-offers-heading"
      data-testid="occasion-offers"
    >
      <h2 id="occasion-offers-heading" className="text-lg font-bold">
        {greeting}
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        {t('A treat from us, just for you. Clip it and it comes off at checkout; it is yours once this year.')}
      </p>
      <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {offers.map((offer) => (
          <li key={offer.id} className="flex">
            <OfferCard offer={offer} returnTo={returnTo} detailsHref={`/foru/offer-details.${offer.id}.html`} />
          </li>
        ))}
      </ul>
    </section>
  );
}
