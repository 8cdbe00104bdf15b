import { Link } from '@remix-run/react';
import { BusinessPriceTag, brandHref, sellerHref, formatCents, useLanguage, useT } from '~/components/page-essentials';
import { INTL_LOCALE } from '~/modules/i18n/languages';
import type { ProductDetails } from '~/modules/catalog/product-details.server';
import { ITEM_MESSAGES } from '~/modules/catalog/item-messages';
import { BusinessPriceHint } from './BusinessPriceHint';
import { NutritionLabel } from './NutritionLabel';

/**
 * The product page's links and text around its cart form (ProductDetailsView). Nothing here has state or
 * handlers: the page renders them as islands, so the browser loads this code only when they change.
 */
export function ProductBreadcrumb({ product }: { product: ProductDetails }) {
  const t = useT();
  const crumbs =
    product.kind === 'grocery'
      ? [
          product.department
            ? {
                label: t(product.department.name),
                href: `/shop/search-results.html?department=${product.department.slug}`,
              }
            : null,
          product.aisle
            ? { label: t(product.aisle.name), href: `/shop/search-results.html?aisle=${product.aisle.slug}` }
            : null,
        ]
      : product.kind === 'wine'
        ? [{ label: t('Wine shop'), href: '/shop/vineandcellar/search-results.html' }]
        : [
            { label: t('Marketplace'), href: '/shop/marketplace/search-results.html' },
            product.seller ? { label: product.seller.name, href: sellerHref(product.seller.slug) } : null,
          ];
  return (
    <nav aria-label={t('Breadcrumb')} className="text-sm text-stone-600">
      <ol className="flex flex-wrap gap-1">
        <li>
          <Link to="/" className="hover:text-brand hover:underline">
            {t('Home')}
          </Link>
        </li>
        {crumbs.filter(Boolean).map((crumb) => (
          <li key={crumb!.href}>
            <span aria-hidden="true">/ </span>
            <Link to={crumb!.href} className="hover:text-brand hover:underline">
              {crumb!.label}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function ProductSummary({ product, storeName }: { product: ProductDetails; storeName: string | null }) {
  const t = useT();
  const language = useLanguage();
  return (
    <>
      <p className="text-sm font-semibold">
        <Link to={brandHref(product.brandSlug)} className="text-brand-dark hover:underline">
          {product.brand}
        </Link>
      </p>
      <h1 className="mt-1 text-2xl font-extrabold leading-tight md:text-3xl">{product.name}</h1>
      <p className="mt-1 text-stone-600">{product.sizeLabel}</p>

      <div className="mt-4 flex items-baseline gap-3">
        <p className="text-3xl font-extrabold" data-testid="price">
          {formatCents(product.priceCents)}
        </p>
        {product.businessPrice ? <BusinessPriceTag /> : null}
        {product.unitPrice ? <p className="text-sm text-stone-600">{product.unitPrice}</p> : null}
      </div>
      {storeName ? (
        <p className="mt-1 text-sm text-stone-600">{t('Price at {{store}}', { store: storeName })}</p>
      ) : null}
      {product.kind === 'grocery' && !product.businessPrice ? <BusinessPriceHint /> : null}

      <ul className="mt-3 space-y-1 text-sm" data-testid="availability">
        {product.stock === 'in_stock' ? (
          <li className="font-semibold text-brand-dark">{t('In stock')}</li>
        ) : (
          <li className="font-semibold text-red-700">{t(ITEM_MESSAGES[product.stock])}</li>
        )}
        {product.attendedDeliveryOnly ? (
          <li className="font-semibold text-amber-800">{t(ITEM_MESSAGES.attended)}</li>
        ) : null}
      </ul>

      {/* Lists: Favorites in one press, or any list and quantity on the lists' add page. */}
      <form method="post" action="/shop/lists/add.html" className="mt-3 flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="add-product" />
        <input type="hidden" name="productId" value={product.id} />
        <button type="submit" className="btn-outline min-h-[44px]" data-testid="add-to-favorites">
          {t('Add to Favorites')}
        </button>
        <a
          href={`/shop/lists/add.html?productId=${product.id}`}
          className="text-sm font-semibold text-brand-dark underline"
        >
          {t('Add to list…')}
        </a>
      </form>

      {product.offers.length ? (
        <section aria-labelledby="offers-heading" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-3">
          <h2 id="offers-heading" className="text-sm font-bold text-amber-900">
            {t('Offers for this item')}
          </h2>
          <ul className="mt-1 space-y-1 text-sm">
            {product.offers.map((offer) => (
              <li key={offer.id}>
                <a href={`/shop/offer-details.${offer.id}.html`} className="font-semibold underline hover:text-brand">
                  {offer.title}
                </a>{' '}
                <span className="text-stone-700">
                  · {t('ends')}{' '}
                  {new Date(offer.endsAt).toLocaleDateString(INTL_LOCALE[language], {
                    month: 'short',
                    day: 'numeric',
                    timeZone: 'UTC',
                  })}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

export function ProductAbout({ product }: { product: ProductDetails }) {
  const t = useT();
  return (
    <section aria-labelledby="about-heading" className="mt-6">
      <h2 id="about-heading" className="text-lg font-bold">
        {t('About this item')}
      </h2>
      <p className="mt-1 text-stone-700">{product.description}</p>
      {product.wine ? (
        <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
          <dt className="text-stone-600">{t('Varietal')}</dt>
          <dd>{product.wine.varietal}</dd>
          <dt className="text-stone-600">{t('Colour')}</dt>
          <dd className="capitalize">{product.wine.color}</dd>
          <dt className="text-stone-600">{t('Region')}</dt>
          <dd>
            {product.wine.region}, {product.wine.country}
          </dd>
          <dt className="text-stone-600">{t('Vintage')}</dt>
          <dd>{product.wine.vintage}</dd>
        </dl>
      ) : null}
      {product.snapEligible ? (
        <p className="mt-3 w-fit rounded-full border border-green-700 px-3 py-1 text-xs font-semibold text-green-800">
          {t('SNAP eligible')}
        </p>
      ) : null}
      {product.dietary.length ? (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label={t('Dietary')}>
          {product.dietary.map((tag) => (
            <li key={tag} className="rounded-full bg-brand-soft px-3 py-1 text-xs font-semibold text-brand-dark">
              {t(tag)}
            </li>
          ))}
        </ul>
      ) : null}
      {product.nutrition ? <NutritionLabel facts={product.nutrition} /> : null}
    </section>
  );
}
