import { Form, useActionData, useNavigation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { island, ProductCarousel, useT } from '~/components/page-essentials';
import { HIGH_FETCH_PRIORITY } from './fetch-priority';
import type { ProductDetails } from '~/modules/catalog/product-details.server';
import {
  ProductAboutOnServer,
  ProductBreadcrumbOnServer,
  ProductSummaryOnServer,
} from './product-details-parts.server';

// Links and text only: the browser keeps their HTML and loads their code when the page changes.
// They follow the location: the business price hint reads the root's data, which a sign-in changes.
const parts = () => import('./ProductDetailsParts');
const ProductBreadcrumb = island(ProductBreadcrumbOnServer, async () => (await parts()).ProductBreadcrumb, {
  followsLocation: true,
});
const ProductSummary = island(ProductSummaryOnServer, async () => (await parts()).ProductSummary, {
  followsLocation: true,
});
const ProductAbout = island(ProductAboutOnServer, async () => (await parts()).ProductAbout, { followsLocation: true });

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
  product: ProductDetails & { allergyWarning?: string | null };
  storeName: string | null;
  shippingNote: string | null;
  /**
   * Wine and marketplace pages: the arrive-by panel for the shopper's ZIP (ShippingEstimate's
   * ArriveByPanel), passed in so that the grocery product page does not load its code.
   */
  arriveBy?: ReactNode;
}) {
  const t = useT();
  const notice = useActionData<CartNotice>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const orderable = product.stock === 'in_stock';
  return (
    <div className="container-page py-6 md:py-8">
      <ProductBreadcrumb product={product} />

      {/* Top-aligned: the picture keeps its place while the details beside it are still arriving (no shift). */}
      <div className="mt-4 grid items-start gap-6 md:grid-cols-2 lg:gap-10">
        <div className="card grid place-items-center bg-white p-6">
          <img
            src={`/images/products/${product.imageKey}.svg`}
            alt={product.name}
            width={400}
            height={400}
            className="aspect-square w-full max-w-sm"
            {...HIGH_FETCH_PRIORITY}
          />
        </div>

        <div>
          <ProductSummary product={product} storeName={storeName} />
          {product.allergyWarning ? (
            <p
              className="mt-3 rounded-xl border border-red-200 bg-red-50 p-3 text-sm font-semibold text-red-800"
              data-testid="allergy-warning"
            >
              {product.allergyWarning}
            </p>
          ) : null}

          <Form method="post" className="mt-5 flex flex-wrap items-end gap-3" preventScrollReset>
            <input type="hidden" name="intent" value="add-to-cart" />
            <input type="hidden" name="productId" value={product.id} />
            <div>
              <label htmlFor="quantity" className="block text-sm font-semibold">
                {t('Quantity')}
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
              {busy ? t('Adding…') : t('Add to cart')}
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

          <ProductAbout product={product} />
        </div>
      </div>

      <ProductCarousel id="related-heading" title={t('You might also like')} products={product.related} />
    </div>
  );
}
