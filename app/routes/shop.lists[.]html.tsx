import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { FormOutcome } from '~/components/FormOutcome';
import { pageAccess, PUBLIC_PAGE, pageMeta, SIGN_IN_PATH, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { pageStrings, serverT } from '~/modules/i18n/translations.server';
import { requireUserType } from '~/modules/access/shopper.server';
import { parseForm } from '~/modules/http/forms.server';
import { overviewForm } from '~/modules/lists/list-forms';
import { MAX_LIST_ITEMS, MAX_LIST_NAME, MAX_LISTS, shownListName } from '~/modules/lists/list-rules';
import { noteHouseholdListChange } from '~/modules/lists/list-owner.server';
import { createList, deleteList, listsOf } from '~/modules/lists/lists.server';
import { shopperLists } from '~/modules/lists/shopper-lists.server';

/** Shopping lists: the household's lists (Favorites first), or a guest's one list kept in this browser. */
export const access = pageAccess({ allowedUserTypes: PUBLIC_PAGE, redirections: { DEFAULT: '/' } });
export const handle = { access };

function withCookies(shopper: { headers: Headers }, setCookies: string[]) {
  const headers = new Headers(shopper.headers);
  for (const cookie of setCookies) headers.append('Set-Cookie', cookie);
  return headers;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const lists = await shopperLists(request, shopper);
  return json(
    {
      signedIn: lists.owner.kind === 'household',
      lists: await listsOf(lists.owner),
      merged: lists.merged,
      i18n: pageStrings(shopper.language, ['offers']),
    },
    { headers: withCookies(shopper, lists.setCookies) },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const shopper = await requireUserType(request, access);
  // The form first: a cross-site post is refused before anything (a guest list's merge) is written.
  const form = await parseForm(request, overviewForm);
  const lists = await shopperLists(request, shopper);
  const headers = withCookies(shopper, lists.setCookies);
  const t = serverT(shopper.language, 'offers');
  if (!form.ok) return json({ error: t(form.message), done: null }, { status: 400, headers });
  if (form.data.intent === 'create') {
    const made = await createList(lists.owner, form.data.name);
    if (!made.ok) return json({ error: t(made.message), done: null }, { status: 400, headers });
    await noteHouseholdListChange(lists.owner);
    return redirect(`/shop/lists/${made.value}.html`, { headers });
  }
  const deleted = await deleteList(lists.owner, form.data.listId);
  if (!deleted.ok) return json({ error: t(deleted.message), done: null }, { status: 400, headers });
  await noteHouseholdListChange(lists.owner);
  return json({ error: null, done: t('Deleted the list “{{name}}”.', { name: deleted.value }) }, { headers });
}

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(t('Your lists'), t('Shopping lists you share with your household.'));
};

export default function ListsPage() {
  const { signedIn, lists, merged } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  const t = useT();
  return (
    <div className="container-page py-8">
      <h1 className="text-2xl font-extrabold md:text-3xl">{t('Your lists')}</h1>
      {signedIn ? (
        <p className="mt-1 text-stone-600">{t('Everyone in your household sees and edits these lists.')}</p>
      ) : (
        <p className="mt-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {t('This list is kept in this browser only.')}{' '}
          <Link
            to={`${SIGN_IN_PATH}?goto=${encodeURIComponent('/shop/lists.html')}`}
            className="font-semibold underline"
          >
            {t('Sign in to save your list')}
          </Link>
          .
        </p>
      )}
      {merged > 0 ? (
        <p role="status" className="mt-3 rounded-xl border border-green-200 bg-green-50 p-3 text-sm text-green-900">
          {t('We added {{count}} items from this browser’s list to your Favorites.', { count: merged })}
        </p>
      ) : null}
      <FormOutcome error={outcome?.error} done={outcome?.done} />
      {lists.length === 0 ? (
        <div className="mt-6 rounded-2xl border border-dashed border-stone-300 p-8 text-center">
          <p className="font-semibold">
            {signedIn ? t('Your Favorites list starts with the first thing you add.') : t('Your list is empty.')}
          </p>
          <p className="mt-1 text-sm text-stone-600">
            {t('Add products from their pages or search results, or a recipe’s ingredients.')}
          </p>
          <Link to="/shop/aisles.html" className="btn-primary mt-4">
            {t('Browse the aisles')}
          </Link>
        </div>
      ) : (
        <ul className="mt-6 divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white" data-testid="lists">
          {lists.map((list) => (
            <li key={list.id} className="flex flex-wrap items-center gap-3 p-4">
              <Link
                to={`/shop/lists/${list.id}.html`}
                className="min-h-[44px] flex-1 py-2 font-semibold text-brand-dark underline"
              >
                {shownListName(t, list)}
              </Link>
              <span className="text-sm text-stone-600">
                {t('{{number}} items', { count: list.itemCount, number: list.itemCount.toLocaleString('en-US') })}
              </span>
              <Link to={`/shop/lists/store/${list.id}.html`} className="btn-outline min-h-[44px]">
                {t('Store mode')}
              </Link>
              {signedIn && !list.isDefault ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="listId" value={list.id} />
                  <button type="submit" className="min-h-[44px] px-2 text-sm text-red-700 underline">
                    {t('Delete')}
                    <span className="sr-only"> {list.name}</span>
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {signedIn ? (
        <Form method="post" className="mt-6 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="create" />
          <label className="flex flex-col text-sm font-semibold">
            {t('New list name')}
            <input
              name="name"
              required
              maxLength={MAX_LIST_NAME}
              className="mt-1 min-h-[44px] rounded-lg border border-stone-300 px-3"
            />
          </label>
          <button type="submit" className="btn-primary min-h-[44px]">
            {t('Make a list')}
          </button>
        </Form>
      ) : null}
      <p className="mt-4 text-xs text-stone-600">
        {t('Up to {{lists}} lists a household, {{items}} items a list.', {
          lists: MAX_LISTS,
          items: MAX_LIST_ITEMS.toLocaleString('en-US'),
        })}
      </p>
    </div>
  );
}
