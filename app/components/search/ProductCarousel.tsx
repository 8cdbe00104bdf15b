import { Link } from '@remix-run/react';
import { ProductCard, type CardProduct } from '~/components/ProductCard';
import { useT } from '~/components/Translations';

/** A horizontally scrolling row of products (scroll-snap; a keyboard reaches every card's link). */
export function ProductCarousel({
  id,
  title,
  products,
  moreHref,
  moreLabel,
}: {
  id: string;
  title: string;
  products: CardProduct[];
  moreHref?: string;
  moreLabel?: string;
}) {
  const t = useT();
  if (products.length === 0) return null;
  return (
    <section aria-labelledby={id} className="mt-10">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={id} className="text-lg font-bold md:text-xl">
          {title}
        </h2>
        {moreHref ? (
          <Link to={moreHref} className="text-sm font-semibold text-brand-dark underline">
            {moreLabel ?? t('See all')}
          </Link>
        ) : null}
      </div>
      <ul className="relative mt-3 flex snap-x gap-3 overflow-x-auto pb-3">
        {products.map((product) => (
          <li key={product.id} className="w-40 shrink-0 snap-start md:w-48">
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
    </section>
  );
}
