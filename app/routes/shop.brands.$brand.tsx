import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { ProductCard, cardPriority, pageAccess, PUBLIC_PAGE, pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { FacetPanel } from '~/components/search/Facets';
import { Pagination } from '~/components/search/Pagination';
import { ResultsToolbar } from '~/components/search/ResultsToolbar';
import { requireUserType } from '~/modules/access/shopper.server';
import { brandKind } from '~/modules/catalog/brands.server';
import { pageStore } from '~/modules/catalog/page-store.server';
import { brandBySlug } from '~/modules/catalog/taxonomy.server';
import { parseSearchParams } from '~/modules/http/forms.server';
import { priceContextFor } from '~/modules/search/price-context.server';
import { asSearchParams, PAGE_SIZE, searchHref, searchParamsSchema } from '~/modules/search/query';
import { productResults, resolveFilters } from '~/modules/search/search.server';
import { translateFacets } from '~/modules/search/facet-labels.server';
import { pageStrings, serverT } from '~/modules/i18n/translations.server';

export const access = pageAccess({ allowedUserTypes: PUBLIC_PAGE, escapeSSO: true, showZipcodeModal: true });
export const handle = { access };

export async function loader({ request, params: route }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const t = serverT(shopper.language, 'shop');
  const params = asSearchParams(parseSearchParams(request, searchParamsSchema, shopper.language));
  const brand = /^[a-z0-9-]{1,80}$/.test(route.brand ?? '') ? await brandBySlug(route.brand!) : undefined;
  const kind = brand ? await brandKind(brand.id) : null;
  if (!brand || !kind)
    throw json({ message: t("We don't have that brand.") }, { status: 404, headers: shopper.headers });
  const { store, headerStore } = await pageStore(shopper);
  const { filters, unknown } = await resolveFilters({ ...params, brand: undefined, seller: undefined });
  if (unknown) throw json({ message: t(`We don't have that ${unknown}.`) }, { status: 404, headers: shopper.headers });
  const ctx =
    kind === 'grocery' ? priceContextFor(store, store.banner_id) : priceContextFor(null, shopper.host.bannerId);
  const results = await productResults(ctx, {
    kind,
    tokens: [],
    filters: { ...filters, brandId: brand.id },
    sort: params.sort,
    page: params.page,
    pageSize: PAGE_SIZE,
  });
  return json(
    {
      brand,
      kind,
      results: { ...results, facets: translateFacets(results.facets, t) },
      store: kind === 'grocery' ? store.name : null,
      params: {
        sort: params.sort,
        department: params.department,
        aisle: params.aisle,
        diet: params.diet,
        price: params.price,
        offer: params.offer,
      },
      headerStore,
      i18n: pageStrings(shopper.language, ['shop']),
    },
    { headers: shopper.headers },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaTranslator(matches);
  return data
    ? pageMeta(
        t('{{brand}} products', { brand: data.brand.name }),
        t('Shop {{brand}} products for delivery, pickup or in store.', { brand: data.brand.name }),
      )
    : pageMeta(t('Brand'), t('Shop a brand’s products for delivery, pickup or in store.'));
};

export default function BrandPage() {
  const { brand, results, store, params } = useLoaderData<typeof loader>();
  const t = useT();
  const path = `/shop/brands/${brand.slug}`;
  const hrefWith = (changes: Record<string, string | null>) =>
    searchHref(path, {
      ...params,
      page: undefined,
      ...Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, v ?? undefined])),
    });
  return (
    <div className="container-page py-6 md:py-8">
      <nav aria-label={t('Breadcrumb')} className="text-sm text-stone-600">
        <Link to="/shop/brand-index" className="hover:text-brand hover:underline">
          {t('Brands A to Z')}
        </Link>
      </nav>
      <h1 className="mt-2 text-2xl font-extrabold md:text-3xl">{brand.name}</h1>
      {store ? (
        <p className="mt-1 text-sm text-stone-600">{t('Prices and availability at {{store}}.', { store })}</p>
      ) : null}
      <div className="mt-6 grid gap-x-6 gap-y-4 lg:grid-cols-[15rem_1fr]">
        {/* Rendered once: a disclosure below lg, an open sidebar from lg (`.filters`). */}
        <aside aria-label={t('Filters')}>
          <details className="filters">
            <summary>{t('Filters')}</summary>
            <FacetPanel facets={results.facets} hrefWith={hrefWith} hide={['brand']} />
          </details>
        </aside>
        <div className="min-w-0">
          <ResultsToolbar
            action={path}
            total={results.total}
            noun={['product', 'products']}
            sort={results.sort}
            hidden={{ ...params, sort: undefined }}
          />
          <h2 className="sr-only">{t('Products')}</h2>
          <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4" aria-label={t('Products')}>
            {results.items.map((product, index) => (
              <li key={product.id}>
                <ProductCard product={product} priority={cardPriority(index)} />
              </li>
            ))}
          </ul>
          <Pagination
            page={results.page}
            pageCount={results.pageCount}
            hrefFor={(page) => hrefWith({ page: String(page) })}
          />
        </div>
      </div>
    </div>
  );
}
