import type { ProductKind } from '~/db/schema';
import { productHref } from '~/modules/catalog/links';
import { formatCents } from '~/modules/catalog/pricing';
import { AddToCart } from './AddToCart';
import { useT } from './Translations';
import { BusinessPriceTag } from './BusinessPriceTag';
import { HIGH_FETCH_PRIORITY } from './catalog/fetch-priority';
import type { ProductCard as ProductCardData } from '~/modules/catalog/product-card-select.server';

/** What a card shows (brand and size are part of the name), so a listing's data can leave the rest out. */
export type CardProduct = Omit<ProductCardData, 'brand' | 'sizeLabel'> & {
  kind?: ProductKind;
  /** "Contains peanuts — on your household's allergy list", for a signed-in household that listed it. */
  allergyWarning?: string;
};

const STOCK_MESSAGES = {
  out_of_stock: 'This item is currently out of stock.',
  unavailable: 'This item is not available right now',
} as const;

/**
 * A product in a listing. Its look is the `.product-card` component class (app/tailwind.css): listings repeat
 * it up to 48 times, so the HTML carries a few short class names, not the utilities.
 * `priority`: "high" for the listing's first picture (the likely largest paint), "eager" for the rest of the
 * first row at any width; the others load lazily.
 */
export function ProductCard({ product, priority }: { product: CardProduct; priority?: 'high' | 'eager' }) {
  const t = useT();
  const href = productHref(product.kind ?? 'grocery', product.id);
  return (
    <article className="product-card">
      <a href={href} tabIndex={-1} aria-hidden="true">
        <img
          src={`/images/products/${product.imageKey}.svg`}
          alt=""
          width={240}
          height={240}
          loading={priority ? 'eager' : 'lazy'}
          {...(priority === 'high' ? HIGH_FETCH_PRIORITY : null)}
          decoding="async"
        />
      </a>
      <p className="price">
        {formatCents(product.priceCents)}
        {product.businessPrice ? <BusinessPriceTag /> : null}
      </p>
      {product.unitPrice ? <p className="unit-price">{product.unitPrice}</p> : null}
      <h3>
        <a href={href}>{product.name}</a>
      </h3>
      {product.stock !== 'in_stock' ? (
        <p className="note text-red-700">{t(STOCK_MESSAGES[product.stock])}</p>
      ) : product.attendedDeliveryOnly ? (
        <p className="note text-amber-800">{t('Available only with Attended Delivery')}</p>
      ) : null}
      {product.allergyWarning ? <p className="note text-red-700">{product.allergyWarning}</p> : null}
      <AddToCart productId={product.id} name={product.name} disabled={product.stock !== 'in_stock'} />
    </article>
  );
}

/** The card's loading priority by its place in a listing: the first picture high, the first row eager. */
export function cardPriority(index: number): 'high' | 'eager' | undefined {
  return index === 0 ? 'high' : index < 4 ? 'eager' : undefined;
}
