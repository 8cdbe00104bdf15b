import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { ProductCard, CUSTOMER_ONLY, pageAccess, SIGN_IN_PATH, pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { pageStrings } from '~/modules/i18n/translations.server';
import { requireUserType } from '~/modules/access/shopper.server';
import { orderCustomer } from '~/modules/orders/order-session.server';
import { buyItAgain } from '~/modules/orders/order-history.server';
import { currentStore } from '~/modules/stores/current-store.server';

/** Buy it again: products from the customer's past orders, most often bought first. */
export const access = pageAccess({ allowedUserTypes: CUSTOMER_ONLY, redirections: { DEFAULT: SIGN_IN_PATH } });
export const handle = { access };

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const store = await currentStore(shopper, shopper.pathStoreId);
  return json(
    { products: await buyItAgain(orderCustomer(shopper)!, store), i18n: pageStrings(shopper.language, ['shop']) },
    { headers: shopper.headers },
  );
}

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(t('Buy it again'), t('Products from your past orders, ready to add to your cart again.'));
};

export default function BuyItAgainPage() {
  const { products } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div className="container-page py-8">
      <h1 className="text-2xl font-extrabold md:text-3xl">{t('Buy it again')}</h1>
      <p className="mt-1 text-stone-600">{t('Your usual items, the ones you buy most often first.')}</p>
      {products.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-stone-300 p-8 text-center">
          <p className="font-semibold">{t('Items from your orders will appear here.')}</p>
          <Link to="/" className="btn-primary mt-4">
            {t('Start shopping')}
          </Link>
        </div>
      ) : (
        <section aria-labelledby="bought-before">
          {/* Names the list for headings navigation and keeps the product cards' h3 one level below. */}
          <h2 id="bought-before" className="sr-only">
            {t('Products you bought before')}
          </h2>
          <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
            {products.map((product) => (
              <li key={product.id} className="flex flex-col" data-testid="buy-again-product">
                <ProductCard product={product} />
                <p className="mt-1 text-center text-xs text-stone-500">
                  {t('Bought {{count}} times', { count: product.timesBought })}
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
