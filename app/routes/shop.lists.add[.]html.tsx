import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { FormOutcome } from '~/components/FormOutcome';
import { pageAccess, PUBLIC_PAGE, pageMeta, SIGN_IN_PATH, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { pageStrings, serverT } from '~/modules/i18n/translations.server';
import { requireUserType } from '~/modules/access/shopper.server';
import { parseForm, parseSearchParams } from '~/modules/http/forms.server';
import { addToListForm } from '~/modules/lists/list-forms';
import { addItems, productToAdd, recipeItems } from '~/modules/lists/list-items.server';
import { LIST_MESSAGES, MAX_ITEM_QUANTITY, shownListName } from '~/modules/lists/list-rules';
import { noteHouseholdListChange } from '~/modules/lists/list-owner.server';
import { listsOf } from '~/modules/lists/lists.server';
import { listForAdding, shopperLists } from '~/modules/lists/shopper-lists.server';

/**
 * Add to a list: `/shop/lists/add.html?productId=…` asks which list and how many (product cards link here, so
 * the search page carries no list code); its form, the product page's "Add to Favorites" and the recipe page's
 * "Add ingredients to a list" post here and land on the list.
 */
export const access = pageAccess({ allowedUserTypes: PUBLIC_PAGE, redirections: { DEFAULT: '/' } });
export const handle = { access };

const Query = z.object({
  productId: z.coerce.number().int().positive().max(2_147_483_647, LIST_MESSAGES.unknownProduct),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const query = parseSearchParams(request, Query, shopper.language);
  const lists = await shopperLists(request, shopper);
  const headers = new Headers(shopper.headers);
  for (const cookie of lists.setCookies) headers.append('Set-Cookie', cookie);
  const product = await productToAdd(query.productId);
  if (!product)
    throw json(
      { message: serverT(shopper.language, 'offers')(LIST_MESSAGES.unknownProduct) },
      { status: 404, headers },
    );
  return json(
    {
      product,
      lists: await listsOf(lists.owner),
      signedIn: lists.owner.kind === 'household',
      i18n: pageStrings(shopper.language, ['offers']),
    },
    { headers },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const shopper = await requireUserType(request, access);
  // The form first: a cross-site post is refused before anything (a guest list's merge) is written.
  const form = await parseForm(request, addToListForm);
  const lists = await shopperLists(request, shopper);
  const headers = new Headers(shopper.headers);
  const t = serverT(shopper.language, 'offers');
  const refuse = (message: string, status = 400) => {
    for (const cookie of lists.setCookies) headers.append('Set-Cookie', cookie);
    return json({ error: t(message) }, { status, headers });
  };
  if (!form.ok) return refuse(form.message);
  const items =
    form.data.intent === 'add-recipe'
      ? (await recipeItems(form.data.slug, shopper.language))?.items
      : [{ productId: form.data.productId, quantity: form.data.quantity }];
  if (!items) return refuse('We could not find that recipe.', 404);
  // A refusal made before the list exists keeps a guest's browser free of an empty list.
  if (form.data.intent !== 'add-recipe' && !(await productToAdd(form.data.productId)))
    return refuse(LIST_MESSAGES.unknownProduct);
  const listId = await listForAdding(lists, shopper, form.data.listId);
  for (const cookie of lists.setCookies) headers.append('Set-Cookie', cookie);
  if (listId === null) throw json({ message: t(LIST_MESSAGES.notFound) }, { status: 404, headers });
  const added = await addItems(lists.owner, listId, items);
  if (!added.ok) return json({ error: t(added.message) }, { status: 400, headers });
  await noteHouseholdListChange(lists.owner);
  return redirect(`/shop/lists/${listId}.html?added=${items.length}`, { status: 303, headers });
}

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(t('Add to a list'), t('Add a product to one of your shopping lists.'));
};

export default function AddToListPage() {
  const { product, lists, signedIn } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  const t = useT();
  return (
    <div className="container-page max-w-xl py-8">
      <h1 className="text-2xl font-extrabold">{t('Add to a list')}</h1>
      <p className="mt-1 break-words font-semibold">{product.name}</p>
      <FormOutcome error={outcome?.error} />
      <Form method="post" className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="add-product" />
        <input type="hidden" name="productId" value={product.id} />
        {lists.length > 0 ? (
          <label className="flex flex-col text-sm font-semibold">
            {t('List')}
            <select name="listId" className="mt-1 min-h-[44px] rounded-lg border border-stone-300 px-3">
              {lists.map((list) => (
                <option key={list.id} value={list.id}>
                  {shownListName(t, list)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label className="flex flex-col text-sm font-semibold">
          {t('Quantity')}
          <input
            name="quantity"
            type="number"
            min={1}
            max={MAX_ITEM_QUANTITY}
            defaultValue={1}
            className="mt-1 min-h-[44px] w-24 rounded-lg border border-stone-300 px-3"
          />
        </label>
        <button type="submit" className="btn-primary min-h-[44px]">
          {t('Add to list')}
        </button>
      </Form>
      {!signedIn ? (
        <p className="mt-4 text-sm">
          <Link
            to={`${SIGN_IN_PATH}?goto=${encodeURIComponent('/shop/lists.html')}`}
            className="font-semibold underline"
          >
            {t('Sign in to save your list')}
          </Link>{' '}
          {t('and share it with your household.')}
        </p>
      ) : (
        <p className="mt-4 text-sm">
          <Link to="/shop/lists.html" className="underline">
            {t('Your lists')}
          </Link>
        </p>
      )}
    </div>
  );
}
