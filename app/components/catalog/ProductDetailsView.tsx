import { Form, Link, useActionData, useNavigation } from '@remix-run/react';
import type { ReactNode } from 'react';
import {
  BusinessPriceHint,
  BusinessPriceTag,
  ProductCarousel,
  brandHref,
  sellerHref,
  formatCents,
} from '~/components/common-chunk';
import type { ProductDetails } from '~/modules/catalog/product-details.server';
import { ITEM_MESSAGES } from '~/modules/catalog/item-messages';

export interface CartNotice {
  message: string;
}

/** The product page body shared by the grocery shop, the wine shop and the marketplace. */
export function ProductDetailsView({
  product,
  storeName,
  shippingNote,
  arriveBy = null,
}: {
  product: ProductDetails;
  storeName: string | null;
  shippingNote: string | null;
  /**
   * Wine and marketplace pages: the arrive-by panel for the shopper's ZIP (ShippingEstimate's
   * ArriveByPanel), passed in so that the grocery product page does not load its code.
   */
  arriveBy?: ReactNode;
}) {
  const notice = useActionData<CartNotice>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const orderable = product.stock === 'in_stock';
  const crumbs =
    product.kind === 'grocery'
      ? [
          product.department
            ? {
                label: product.department.name,
                href: `/shop/search-results.html?department=${product.department.slug}`,
              }
            : null,
          product.aisle
            ? { label: product.aisle.name, href: `/shop/search-results.html?aisle=${product.aisle.slug}` }
            : null,
        ]
      : product.kind === 'wine'
        ? [{ label: 'Wine shop', href: '/shop/vineandcellar/search-results.html' }]
        : [
            { label: 'Marketplace', href: '/shop/marketplace/search-results.html' },
            product.seller ? { label: product.seller.name, href: sellerHref(product.seller.slug) } : null,
          ];
  return (
    <div className="container-page py-6 md:py-8">
      <nav aria-label="Breadcrumb" className="text-sm text-stone-600">
        <ol className="flex flex-wrap gap-1">
          <li>
            <Link to="/" className="hover:text-brand hover:underline">
              Home
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

      <div className="mt-4 grid gap-6 md:grid-cols-2 lg:gap-10">
        <div className="card grid place-items-center bg-white p-6">
          <img
            src={`/images/products/${product.imageKey}.svg`}
            alt={product.name}
            width={400}
            height={400}
            className="aspect-square w-full max-w-sm"
            fetchPriority="high"
          />
        </div>

        <div>
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
          {storeName ? <p className="mt-1 text-sm text-stone-600">Price at {storeName}</p> : null}
          {product.kind === 'grocery' && !product.businessPrice ? <BusinessPriceHint /> : null}

          <ul className="mt-3 space-y-1 text-sm" data-testid="availability">
            {product.stock === 'in_stock' ? (
              <li className="font-semibold text-brand-dark">In stock</li>
            ) : (
              <li className="font-semibold text-red-700">{ITEM_MESSAGES[product.stock]}</li>
            )}
            {product.attendedDeliveryOnly ? (
              <li className="font-semibold text-amber-800">{ITEM_MESSAGES.attended}</li>
            ) : null}
          </ul>

          {product.offers.length ? (
            <section
              aria-labelledby="offers-heading"
              className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-3"
            >
              <h2 id="offers-heading" className="text-sm font-bold text-amber-900">
                Offers for this item
              </h2>
              <ul className="mt-1 space-y-1 text-sm">
                {product.offers.map((offer) => (
                  <li key={offer.id}>
                    <a
                      href={`/shop/offer-details.${offer.id}.html`}
                      className="font-semibold underline hover:text-brand"
                    >
                      {offer.title}
                    </a>{' '}
                    <span className="text-stone-700">
                      · ends{' '}
                      {new Date(offer.endsAt).toLocaleDateString('en-US', {
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

          <Form method="post" className="mt-5 flex flex-wrap items-end gap-3" preventScrollReset>
            <input type="hidden" name="intent" value="add-to-cart" />
            <input type="hidden" name="productId" value={product.id} />
            <div>
              <label htmlFor="quantity" className="block text-sm font-semibold">
                Quantity
              </label>
              <input
                id="quantity"
                name="quantity"
                type="number"
                min={1}
                max={99}
                defaultValue={1}
                inputMode="numeric"
                className="mt-1 w-20 rounded-lg border border-stone-300 px-3 py-2"
              />
            </div>
            <button type="submit" className="btn-primary px-6 py-2.5 text-base" disabled={!orderable || busy}>
              {busy ? 'Adding…' : 'Add to cart'}
            </button>
          </Form>
          <p
            role="status"
            className="mt-2 min-h-[1.5rem] text-sm font-semibold text-brand-dark"
            data-testid="cart-notice"
          >
            {notice?.message ?? ''}
          </p>

          {shippingNote ? (
            <p className="mt-2 rounded-xl bg-stone-100 p-3 text-sm text-stone-700" data-testid="shipping-note">
              {shippingNote}
            </p>
          ) : null}
          {arriveBy}

          <section aria-labelledby="about-heading" className="mt-6">
            <h2 id="about-heading" className="text-lg font-bold">
              About this item
            </h2>
            <p className="mt-1 text-stone-700">{product.description}</p>
            {product.wine ? (
              <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                <dt className="text-stone-600">Varietal</dt>
                <dd>{product.wine.varietal}</dd>
                <dt className="text-stone-600">Colour</dt>
                <dd className="capitalize">{product.wine.color}</dd>
                <dt className="text-stone-600">Region</dt>
                <dd>
                  {product.wine.region}, {product.wine.country}
                </dd>
                <dt className="text-stone-600">Vintage</dt>
                <dd>{product.wine.vintage}</dd>
              </dl>
            ) : null}
            {product.dietary.length ? (
              <ul className="mt-3 flex flex-wrap gap-2" aria-label="Dietary">
                {product.dietary.map((tag) => (
                  <li key={tag} className="rounded-full bg-brand-soft px-3 py-1 text-xs font-semibold text-brand-dark">
                    {tag}
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
        </div>
      </div>

      <ProductCarousel id="related-heading" title="You might also like" products={product.related} />
    </div>
  );
}
