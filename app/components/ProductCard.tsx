import type { ProductKind } from '~/db/schema';
import { productHref } from '~/modules/catalog/links';
import { formatCents } from '~/modules/catalog/pricing';
import { AddToCart } from './AddToCart';
import { BusinessPriceTag } from './BusinessPriceTag';
import type { ProductCard as ProductCardData } from '~/modules/catalog/product-cards.server';

const STOCK_MESSAGES = {
  out_of_stock: 'This item is currently out of stock.',
  unavailable: 'This item is not available right now',
} as const;

export function ProductCard({
  product,
  eager = false,
}: {
  product: ProductCardData & { kind?: ProductKind };
  eager?: boolean;
}) {
  const href = productHref(product.kind ?? 'grocery', product.id);
  return (
    <article className="card group relative flex flex-col overflow-hidden">
      <a href={href} className="block rounded-t-2xl bg-stone-50 p-3" tabIndex={-1} aria-hidden="true">
        <img
          src={`/images/products/${product.imageKey}.svg`}
          alt=""
          width={240}
          height={240}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="mx-auto aspect-square w-full max-w-[180px] transition-transform group-hover:scale-105"
        />
      </a>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <p className="text-lg font-extrabold text-stone-900">
          {formatCents(product.priceCents)}
          {product.businessPrice ? <BusinessPriceTag /> : null}
        </p>
        {product.unitPrice ? <p className="text-xs text-stone-500">{product.unitPrice}</p> : null}
        <h3 className="line-clamp-3 text-sm font-medium leading-snug">
          <a href={href} className="hover:text-brand hover:underline">
            {product.name}
          </a>
        </h3>
        {product.stock !== 'in_stock' ? (
          <p className="mt-auto text-xs font-semibold text-red-700">{STOCK_MESSAGES[product.stock]}</p>
        ) : product.attendedDeliveryOnly ? (
          <p className="mt-auto text-xs font-semibold text-amber-800">Available only with Attended Delivery</p>
        ) : null}
        <div className="mt-auto pt-1">
          <AddToCart productId={product.id} name={product.name} disabled={product.stock !== 'in_stock'} />
        </div>
      </div>
    </article>
  );
}
