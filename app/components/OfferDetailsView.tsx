import { Link } from '@remix-run/react';
import { formatCents, useT } from '~/components/page-essentials';
import { StatusNotice } from './Alerts';
import { ClipButton, type OfferCardData } from './OfferCard';

interface OfferDetailsData extends OfferCardData {
  category: string;
  status: 'live' | 'expired' | 'upcoming';
  products: {
    id: number;
    name: string;
    brand: string;
    imageKey: string;
    priceCents: number;
    unitPrice: string | null;
  }[];
}

/** One offer: what it saves, until when, the clip button and the products it applies to. */
export function OfferDetailsView({
  offer,
  notice,
  returnTo,
  backHref,
  backLabel,
}: {
  offer: OfferDetailsData;
  notice: string | null;
  returnTo: string;
  backHref: string;
  /** English; shown in the page's language. */
  backLabel: string;
}) {
  const t = useT();
  return (
    <div className="container-page py-8">
      <Link to={backHref} className="text-sm font-semibold text-brand underline">
        ← {t(backLabel)}
      </Link>
      {notice ? <StatusNotice>{notice}</StatusNotice> : null}
      <div id={`offer-${offer.id}`} className="card mt-4 grid gap-6 p-5 md:grid-cols-[240px_1fr]">
        <img
          src={`/images/products/${offer.imageKey}.svg`}
          alt=""
          width={240}
          height={240}
          className="mx-auto aspect-square w-full max-w-[200px] rounded-2xl bg-stone-50 p-4"
        />
        <div className="flex flex-col gap-2">
          <p className="text-sm font-semibold text-stone-500">
            {offer.offerType} · {offer.category}
          </p>
          <p className="text-3xl font-extrabold text-brand-dark">{offer.valueLabel}</p>
          <h1 className="text-xl font-bold md:text-2xl">{offer.title}</h1>
          <p className="text-stone-700">{offer.description}</p>
          <p className="text-sm text-stone-500">
            {offer.status === 'expired'
              ? t('This offer has ended.')
              : offer.status === 'upcoming'
                ? t('This offer has not started yet.')
                : offer.expires}
          </p>
          {offer.status === 'live' ? (
            <div className="max-w-xs">
              <ClipButton offerId={offer.id} clipped={offer.clipped} returnTo={returnTo} label={offer.title} />
            </div>
          ) : null}
        </div>
      </div>
      {offer.products.length > 0 ? (
        <section className="mt-8" aria-labelledby="offer-products">
          <h2 id="offer-products" className="text-lg font-bold">
            {t('Products this offer applies to')}
          </h2>
          <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
            {offer.products.map((product) => (
              <li key={product.id} className="card p-3">
                <img
                  src={`/images/products/${product.imageKey}.svg`}
                  alt=""
                  width={120}
                  height={120}
                  loading="lazy"
                  className="mx-auto aspect-square w-full max-w-[100px]"
                />
                <p className="mt-2 font-extrabold">{formatCents(product.priceCents)}</p>
                {product.unitPrice ? <p className="text-xs text-stone-500">{product.unitPrice}</p> : null}
                <Link
                  to={`/shop/product-details.${product.id}.html`}
                  className="line-clamp-2 text-sm hover:text-brand hover:underline"
                >
                  {product.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
