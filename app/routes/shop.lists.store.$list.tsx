import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { pageAccess, PUBLIC_PAGE, pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { pageStrings, serverT } from '~/modules/i18n/translations.server';
import { requireUserType, type AuthorizedShopper } from '~/modules/access/shopper.server';
import { pageStore } from '~/modules/catalog/page-store.server';
import { parseForm } from '~/modules/http/forms.server';
import { listIdFromParam, storeModeForm } from '~/modules/lists/list-forms';
import { listView, setItemChecked } from '~/modules/lists/list-items.server';
import { noteHouseholdListChange } from '~/modules/lists/list-owner.server';
import { groupByAisle, LIST_MESSAGES, shownListName } from '~/modules/lists/list-rules';
import { shopperLists } from '~/modules/lists/shopper-lists.server';
import { priceContextFor } from '~/modules/search/price-context.server';

/**
 * Store mode: `/shop/lists/store/{id}.html`, a list to shop from in the aisles. Items grouped by aisle, large
 * targets, and each check-off a plain form post that sets checked to true or false (never a toggle), so a post
 * sent twice over a weak connection leaves the item as the shopper meant.
 */
export const access = pageAccess({ allowedUserTypes: PUBLIC_PAGE, redirections: { DEFAULT: '/' } });
export const handle = { access };

async function context(request: Request, shopper: AuthorizedShopper, param: string | undefined, readForm = false) {
  // An action's form first: a cross-site post is refused before anything (a guest list's merge) is written.
  const form = readForm ? await parseForm(request, storeModeForm) : null;
  const lists = await shopperLists(request, shopper);
  const headers = new Headers(shopper.headers);
  for (const cookie of lists.setCookies) headers.append('Set-Cookie', cookie);
  const listId = listIdFromParam(param);
  const t = serverT(shopper.language, 'offers');
  if (!listId) throw json({ message: t(LIST_MESSAGES.notFound) }, { status: 404, headers });
  return { lists, headers, listId, form, t };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const { lists, headers, listId, t } = await context(request, shopper, params.list);
  const { store } = await pageStore(shopper);
  const list = await listView(lists.owner, listId, priceContextFor(store, store.banner_id));
  if (!list) throw json({ message: t(LIST_MESSAGES.notFound) }, { status: 404, headers });
  const left = list.items.filter((item) => !item.checked).length;
  return json(
    {
      id: list.id,
      name: shownListName(serverT(shopper.language, 'offers'), list),
      left,
      // Aisle names are shop.json keys; free text goes under "Other items" (groupByAisle).
      groups: groupByAisle(list.items).map((group) => ({
        ...group,
        name: serverT(shopper.language, 'shop')(group.aisle),
      })),
      storeName: store.name,
      i18n: pageStrings(shopper.language, ['offers']),
    },
    { headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const { lists, headers, listId, form, t } = await context(request, shopper, params.list, true);
  if (!form?.ok) throw json({ message: t(form?.message ?? LIST_MESSAGES.itemNotFound) }, { status: 400, headers });
  const done = await setItemChecked(lists.owner, listId, form.data.itemId, form.data.checked === 'true');
  if (!done.ok) throw json({ message: t(done.message) }, { status: 404, headers });
  await noteHouseholdListChange(lists.owner);
  return redirect(`/shop/lists/store/${listId}.html#item-${form.data.itemId}`, { status: 303, headers });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(
    data ? t('{{name}} — store mode', { name: data.name }) : t('Store mode'),
    t('Your shopping list, by aisle, to check off as you shop.'),
  );
};

export default function StoreModePage() {
  const { id, name, left, groups, storeName } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div className="container-page max-w-2xl py-6">
      <Link to={`/shop/lists/${id}.html`} className="inline-block min-h-[44px] py-2 text-sm underline">
        {t('Back to the list')}
      </Link>
      <h1 className="break-words text-2xl font-extrabold">{name}</h1>
      <p className="mt-1 text-stone-700" data-testid="left">
        {left === 0 ? t('All done.') : t('{{count}} items left', { count: left })} · {storeName}
      </p>
      {groups.map((group) => (
        <section key={group.aisle} className="mt-6" aria-labelledby={`aisle-${group.aisle}`}>
          <h2 id={`aisle-${group.aisle}`} className="text-lg font-bold">
            {group.name}
          </h2>
          <ul className="mt-2 space-y-2">
            {group.items.map((item) => {
              const label = item.product?.name ?? item.text ?? '';
              return (
                <li key={item.id} id={`item-${item.id}`} data-testid="store-item">
                  {/* A plain form: no script, no fetch to fail half-way; the browser resends it as is. */}
                  <form method="post" action={`/shop/lists/store/${id}.html`}>
                    <input type="hidden" name="intent" value="check" />
                    <input type="hidden" name="itemId" value={item.id} />
                    <input type="hidden" name="checked" value={item.checked ? 'false' : 'true'} />
                    <button
                      type="submit"
                      aria-pressed={item.checked}
                      className={`flex min-h-[56px] w-full items-center gap-4 rounded-2xl border-2 p-3 text-left text-lg ${
                        item.checked ? 'border-stone-200 bg-stone-100 text-stone-500' : 'border-brand bg-white'
                      }`}
                    >
                      <span
                        aria-hidden="true"
                        className={`grid h-8 w-8 shrink-0 place-items-center rounded-lg border-2 ${
                          item.checked ? 'border-stone-400 bg-stone-400 text-white' : 'border-brand'
                        }`}
                      >
                        {item.checked ? '✓' : ''}
                      </span>
                      <span className={`flex-1 ${item.checked ? 'line-through' : 'font-semibold'}`}>
                        {label}
                        {item.quantity > 1 ? (
                          <span className="ml-2 text-base font-normal">× {item.quantity}</span>
                        ) : null}
                      </span>
                    </button>
                  </form>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
      {groups.length === 0 ? <p className="mt-6">{t('This list is empty.')}</p> : null}
    </div>
  );
}
