import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { ProductCard, pageAccess, PUBLIC_PAGE, useT } from '~/components/page-essentials';
import {
  json,
  requireUserType,
  departmentTiles,
  featuredProducts,
  currentStore,
  hasChosenStore,
  homeHero,
  readContentMode,
  storefrontMoment,
  pageStrings,
} from '~/pages/home.server';

export const access = pageAccess({
  allowedUserTypes: PUBLIC_PAGE,
  showZipcodeModal: true,
  escapeSSO: true,
  syndicatedHeader: true,
});
export const handle = { access };

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const store = await currentStore(shopper, shopper.pathStoreId);
  // A content editor sees the hero as of their preview moment, and in author mode which content it is (decision 0093).
  const contentMode = await readContentMode(request, shopper.host.siteType);
  const [departments, featured, hero] = await Promise.all([
    departmentTiles(),
    featuredProducts(store, 12),
    homeHero(shopper.host.bannerId, storefrontMoment(contentMode), shopper.language),
  ]);
  return json(
    {
      store: { name: store.name, city: store.city, state: store.state },
      chosenStore: hasChosenStore(shopper),
      departments,
      featured,
      hero: { ...hero, contentId: contentMode?.mode === 'author' ? hero.id : null },
      i18n: pageStrings(shopper.language, ['shop']),
    },
    { headers: shopper.headers },
  );
}

export default function Home() {
  const { store, chosenStore, departments, featured, hero } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <>
      <section className="bg-brand-soft">
        <div className="container-page grid items-center gap-6 py-8 md:grid-cols-2 md:py-12">
          <div>
            <h1 className="text-3xl font-extrabold leading-tight tracking-tight text-stone-900 md:text-4xl lg:text-5xl">
              {hero.headline} <span className="text-brand">{hero.highlight}</span>
            </h1>
            <p className="mt-3 max-w-prose text-stone-700 md:text-lg">{hero.body}</p>
            {hero.contentId !== null ? (
              <p className="mt-2 text-sm font-semibold text-violet-800" data-testid="content-id">
                {hero.draft
                  ? t('Home hero content #{{id}} (draft)', { id: String(hero.contentId) })
                  : t('Home hero content #{{id}} (live)', { id: String(hero.contentId) })}
              </p>
            ) : null}
            <div className="mt-5 flex flex-wrap gap-3">
              <Link to="/shop/search-results.html?q=fresh" className="btn-primary px-6 py-3 text-base">
                {t('Start shopping')}
              </Link>
              <Link to="/shop/weekly-ad.html" className="btn-outline bg-white px-6 py-3 text-base">
                {t("This week's ad")}
              </Link>
              {!chosenStore ? (
                <Link to="/set-store.html" className="btn-outline bg-white px-6 py-3 text-base">
                  {t('Choose a store')}
                </Link>
              ) : null}
            </div>
          </div>
          <div className="card flex items-center gap-4 p-4 md:p-6">
            <div className="flex shrink-0 -space-x-4" aria-hidden="true">
              {departments.slice(0, 3).map((department) => (
                <img
                  key={department.slug}
                  src={`/images/products/${department.imageKey}.svg`}
                  alt=""
                  width={64}
                  height={64}
                  className="h-14 w-14 rounded-full border-2 border-white bg-white md:h-16 md:w-16"
                />
              ))}
            </div>
            <div>
              <p className="text-sm text-stone-600">{chosenStore ? t('Shopping at') : t('Showing prices for')}</p>
              <p className="text-lg font-bold">{store.name}</p>
              <p className="text-sm text-stone-600">
                {store.city}, {store.state}
              </p>
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="departments-heading" className="container-page py-8">
        <h2 id="departments-heading" className="text-xl font-bold md:text-2xl">
          {t('Shop by department')}
        </h2>
        <ul className="mt-4 grid grid-cols-3 gap-3 sm:grid-cols-4 md:grid-cols-6 lg:grid-cols-8">
          {departments.map((department) => (
            <li key={department.slug}>
              <Link
                to={`/shop/search-results.html?department=${department.slug}`}
                className="card flex h-full flex-col items-center gap-2 p-3 text-center text-xs font-semibold hover:border-brand md:text-sm"
              >
                <img
                  src={`/images/products/${department.imageKey}.svg`}
                  alt=""
                  width={64}
                  height={64}
                  className="h-14 w-14"
                />
                {t(department.name)}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="featured-heading" className="container-page py-4">
        <h2 id="featured-heading" className="text-xl font-bold md:text-2xl">
          {t('Popular this week')}
        </h2>
        <div className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
          {featured.map((product, index) => (
            <ProductCard key={product.id} product={product} priority={index < 4 ? 'eager' : undefined} />
          ))}
        </div>
      </section>
    </>
  );
}
