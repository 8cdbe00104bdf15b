import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { pageAccess, PUBLIC_PAGE, productHref, formatCents, pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { pageStrings, serverT } from '~/modules/i18n/translations.server';
import { requireUserType } from '~/modules/access/shopper.server';
import { addProductsFromPage } from '~/modules/cart/cart-actions.server';
import { AddToCartForm } from '~/modules/catalog/cart-intent';
import { ITEM_MESSAGES } from '~/modules/catalog/item-messages';
import { pageStore } from '~/modules/catalog/page-store.server';
import { recipeDetails } from '~/modules/catalog/recipes.server';
import { parseForm } from '~/modules/http/forms.server';
import { priceContextFor } from '~/modules/search/price-context.server';

/** A recipe: `/shop/recipes/{slug}.html`, ingredients linked to products priced at the shopper's store. */
export const access = pageAccess({ allowedUserTypes: PUBLIC_PAGE, escapeSSO: true, showZipcodeModal: true });
export const handle = { access };

const slugOf = (param: string | undefined) => /^([a-z0-9-]{1,120})\.html$/.exec(param ?? '')?.[1] ?? null;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const slug = slugOf(params.slug);
  const { store, headerStore } = await pageStore(shopper);
  const recipe = slug ? await recipeDetails(slug, priceContextFor(store, store.banner_id), shopper.language) : null;
  const t = serverT(shopper.language, 'shop');
  if (!recipe) throw json({ message: t('We could not find that recipe.') }, { status: 404, headers: shopper.headers });
  // The recipe's words come in the shopper's language from the database (0124); product names stay as printed.
  return json(
    { recipe, store: store.name, headerStore, i18n: pageStrings(shopper.language, ['shop']) },
    { headers: shopper.headers },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const form = await parseForm(request, AddToCartForm);
  // The form's messages (cart-intent.ts) are keys in shop.json.
  if (!form.ok)
    return json(
      { message: serverT(shopper.language, 'shop')(form.message) },
      { status: 400, headers: shopper.headers },
    );
  const added = await addProductsFromPage(request, shopper, form.data.productId, form.data.quantity);
  const headers = new Headers(shopper.headers);
  for (const cookie of added.setCookies) headers.append('Set-Cookie', cookie);
  return json({ message: added.message }, { status: added.ok ? 200 : 409, headers });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaTranslator(matches);
  return data
    ? pageMeta(t('{{title}} — recipe', { title: data.recipe.title }), data.recipe.description)
    : pageMeta(t('Recipe'), t('A recipe, with its ingredients ready to add to your cart.'));
};

export default function RecipePage() {
  const { recipe, store } = useLoaderData<typeof loader>();
  const notice = useActionData<{ message: string }>();
  const buyable = recipe.ingredients.filter((i) => i.product && i.product.stock === 'in_stock');
  const total = buyable.reduce((sum, i) => sum + (i.product?.priceCents ?? 0), 0);
  const t = useT();
  return (
    <div className="container-page py-6 md:py-8">
      <nav aria-label={t('Breadcrumb')} className="text-sm text-stone-600">
        <Link
          to={`/shop/search-results.html?q=${encodeURIComponent(recipe.searchTitle)}&tab=recipes`}
          className="hover:text-brand hover:underline"
        >
          {t('Recipes')}
        </Link>
      </nav>
      <div className="mt-3 grid items-start gap-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:gap-10">
        <div className="card grid place-items-center bg-amber-50 p-6">
          <img
            src={`/images/products/${recipe.imageKey}.svg`}
            alt=""
            width={360}
            height={360}
            className="aspect-square w-full max-w-xs"
          />
        </div>
        <div>
          <h1 className="text-2xl font-extrabold md:text-3xl">{recipe.title}</h1>
          <p className="mt-2 text-stone-700">{recipe.description}</p>
          <p className="mt-2 text-sm font-semibold text-stone-700">
            {t('{{minutes}} · serves {{count}}', {
              minutes: t('{{count}} minutes', { count: recipe.minutes }),
              count: recipe.servings,
            })}
          </p>
          <section aria-labelledby="ingredients-heading" className="mt-6">
            <h2 id="ingredients-heading" className="text-lg font-bold">
              {t('Ingredients')}
            </h2>
            <ul className="mt-2 divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
              {recipe.ingredients.map((ingredient) => (
                <li key={ingredient.position} className="flex items-center gap-3 p-3 text-sm">
                  {ingredient.product ? (
                    <img
                      src={`/images/products/${ingredient.product.imageKey}.svg`}
                      alt=""
                      width={40}
                      height={40}
                      loading="lazy"
                      className="h-10 w-10 shrink-0"
                    />
                  ) : (
                    <span aria-hidden="true" className="h-10 w-10 shrink-0 rounded-full bg-stone-100" />
                  )}
                  <span className="flex-1">
                    <span className="block font-semibold">{ingredient.text}</span>
                    {ingredient.product ? (
                      <Link
                        to={productHref(ingredient.product.kind, ingredient.product.id)}
                        className="text-brand-dark underline"
                      >
                        {ingredient.product.name}
                      </Link>
                    ) : (
                      <span className="text-stone-600">{t('From your pantry')}</span>
                    )}
                    {ingredient.product && ingredient.product.stock !== 'in_stock' ? (
                      <span className="block text-xs font-semibold text-red-700">
                        {t(ITEM_MESSAGES[ingredient.product.stock])}
                      </span>
                    ) : null}
                  </span>
                  {ingredient.product ? (
                    <span className="font-bold">{formatCents(ingredient.product.priceCents)}</span>
                  ) : null}
                </li>
              ))}
            </ul>
            <Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
              <input type="hidden" name="intent" value="add-all-to-cart" />
              {buyable.map((i) => (
                <input key={i.position} type="hidden" name="productId" value={i.product!.id} />
              ))}
              <button type="submit" className="btn-primary px-6 py-2.5 text-base" disabled={buyable.length === 0}>
                {t('Add all ingredients to cart')}
              </button>
              <span className="text-sm text-stone-700">
                {t('{{count}} items, {{total}} at {{store}}', {
                  count: buyable.length,
                  total: formatCents(total),
                  store,
                })}
              </span>
            </Form>
            <Form method="post" action="/shop/lists/add.html" className="mt-3">
              <input type="hidden" name="intent" value="add-recipe" />
              <input type="hidden" name="slug" value={recipe.slug} />
              <button type="submit" className="btn-outline min-h-[44px]">
                {t('Add the ingredients to a list')}
              </button>
            </Form>
            <p
              role="status"
              className="mt-2 min-h-[1.5rem] text-sm font-semibold text-brand-dark"
              data-testid="cart-notice"
            >
              {notice?.message ?? ''}
            </p>
          </section>
          {recipe.steps.length ? (
            <section aria-labelledby="steps-heading" className="mt-6">
              <h2 id="steps-heading" className="text-lg font-bold">
                {t('Method')}
              </h2>
              <ol className="mt-2 list-decimal space-y-2 pl-5 text-stone-800">
                {recipe.steps.map((step, index) => (
                  <li key={index}>{step}</li>
                ))}
              </ol>
            </section>
          ) : null}
        </div>
      </div>
    </div>
  );
}
