import { AddToCart } from '~/components/AddToCart';
import { formatCents, productHref, useT } from '~/components/page-essentials';
import type { WeeklyAdItem } from '~/modules/weekly-ad/weekly-ad.server';

/** One deal of the weekly ad: the product card's look, with the deal's words and the regular price beside it. */
export function AdDealCard({ item }: { item: WeeklyAdItem }) {
  const t = useT();
  const href = productHref(item.product.kind, item.product.id);
  const onSale = item.salePriceCents < item.regularCents;
  return (
    <article className="product-card" data-testid="ad-deal">
      <a href={href} tabIndex={-1} aria-hidden="true">
        <img src={`/images/products/${item.product.imageKey}.svg`} alt="" width={240} height={240} loading="lazy" />
      </a>
      <p className="w-fit rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold uppercase text-white">
        {item.headline}
      </p>
      <p className="price">
        {formatCents(item.salePriceCents)}
        {onSale ? (
          <span className="ml-2 text-sm font-medium text-stone-600 line-through">
            <span className="sr-only">{t('regular price')} </span>
            {formatCents(item.regularCents)}
          </span>
        ) : null}
      </p>
      {onSale ? (
        <p className="text-xs font-semibold text-red-800">
          {t('Save {{amount}}', { amount: formatCents(item.regularCents - item.salePriceCents) })}
        </p>
      ) : null}
      <h3>
        <a href={href}>{item.product.name}</a>
      </h3>
      {item.thisStoreOnly ? <p className="note text-brand-dark">{t('Only at this store')}</p> : null}
      {item.product.stock !== 'in_stock' ? (
        <p className="note text-red-700">{t('This item is currently out of stock.')}</p>
      ) : null}
      <AddToCart productId={item.product.id} name={item.product.name} disabled={item.product.stock !== 'in_stock'} />
    </article>
  );
}
