import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useSearchParams, useSubmit } from '@remix-run/react';
import { useEffect, useState, type FormEvent } from 'react';
import { FormOutcome } from '~/components/FormOutcome';
import {
  formatCents,
  pageAccess,
  PUBLIC_PAGE,
  pageMeta,
  productHref,
  SIGN_IN_PATH,
  useHydrated,
  useT,
} from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { pageStrings, serverT } from '~/modules/i18n/translations.server';
import type { ProductKind } from '~/db/schema';
import { requireUserType } from '~/modules/access/shopper.server';
import { ITEM_MESSAGES } from '~/modules/catalog/item-messages';
import { pageStore } from '~/modules/catalog/page-store.server';
import { parseForm } from '~/modules/http/forms.server';
import { listIdFromParam, listPageForm } from '~/modules/lists/list-forms';
import {
  addItems,
  listView,
  moveItem,
  removeItem,
  setItemChecked,
  setItemQuantity,
} from '~/modules/lists/list-items.server';
import {
  LIST_MESSAGES,
  MAX_ITEM_QUANTITY,
  MAX_ITEM_TEXT,
  MAX_LIST_NAME,
  shownListName,
} from '~/modules/lists/list-rules';
import { addListToCart, type ListToCartReport } from '~/modules/lists/list-to-cart.server';
import { noteHouseholdListChange } from '~/modules/lists/list-owner.server';
import { renameList } from '~/modules/lists/lists.server';
import { shopperLists } from '~/modules/lists/shopper-lists.server';
import { priceContextFor } from '~/modules/search/price-context.server';

/** One shopping list: `/shop/lists/{id}.html`. Items, quantities, order, checks, and "Add all to cart". */
export const access = pageAccess({ allowedUserTypes: PUBLIC_PAGE, redirections: { DEFAULT: '/' } });
export const handle = { access };

type Outcome = { error: string | null; done: string | null; report?: ListToCartReport };

function notFound(headers: Headers, t: (message: string) => string): never {
  throw json({ message: t(LIST_MESSAGES.notFound) }, { status: 404, headers });
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const lists = await shopperLists(request, shopper);
  const headers = new Headers(shopper.headers);
  for (const cookie of lists.setCookies) headers.append('Set-Cookie', cookie);
  const listId = listIdFromParam(params.list);
  const { store } = await pageStore(shopper);
  const list = listId ? await listView(lists.owner, listId, priceContextFor(store, store.banner_id)) : null;
  if (!list) notFound(headers, serverT(shopper.language, 'offers'));
  // The page shows no aisles (store mode does): its data leaves them out.
  const items = list.items.map(({ aisle: _aisle, aisleOrder: _order, ...item }) => item);
  return json(
    {
      list: { ...list, items },
      storeName: store.name,
      signedIn: lists.owner.kind === 'household',
      i18n: pageStrings(shopper.language, ['offers']),
    },
    { headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const shopper = await requireUserType(request, access);
  // The form first: a cross-site post is refused before anything (a guest list's merge) is written.
  const form = await parseForm(request, listPageForm);
  const lists = await shopperLists(request, shopper);
  const headers = new Headers(shopper.headers);
  for (const cookie of lists.setCookies) headers.append('Set-Cookie', cookie);
  const t = serverT(shopper.language, 'offers');
  const listId = listIdFromParam(params.list);
  if (!listId) notFound(headers, t);
  const refuse = (message: string, status = 400) =>
    json<Outcome>({ error: t(message), done: null }, { status, headers });
  if (!form.ok) return refuse(form.message);
  const owner = lists.owner;
  const intent = form.data;
  let result: { ok: true } | { ok: false; message: string };
  switch (intent.intent) {
    case 'add-text':
      result = await addItems(owner, listId, [{ text: intent.text }]);
      break;
    case 'quantity':
      result = await setItemQuantity(owner, listId, intent.itemId, intent.quantity);
      break;
    case 'remove':
      result = await removeItem(owner, listId, intent.itemId);
      break;
    case 'up':
    case 'down':
      result = await moveItem(owner, listId, intent.itemId, intent.intent);
      break;
    case 'check':
    case 'uncheck':
      // Sets, never toggles: the same post sent twice leaves the item as the shopper meant.
      result = await setItemChecked(owner, listId, intent.itemId, intent.intent === 'check');
      break;
    case 'rename':
      result = await renameList(owner, listId, intent.name);
      break;
    case 'add-to-cart': {
      const added = await addListToCart(request, shopper, owner, listId);
      if (!added) notFound(headers, t);
      for (const cookie of added.setCookies) headers.append('Set-Cookie', cookie);
      const count = added.report.added.length;
      return json<Outcome>(
        {
          error: null,
          done: t('Added {{count}} items to your cart at {{store}}.', { count, store: added.report.storeName }),
          report: added.report,
        },
        { headers },
      );
    }
  }
  if (!result.ok) {
    // Another household's list (or one deleted meanwhile) is not found, whatever the intent.
    if (result.message === LIST_MESSAGES.notFound) notFound(headers, t);
    return refuse(result.message, result.message === LIST_MESSAGES.itemNotFound ? 404 : 400);
  }
  await noteHouseholdListChange(owner);
  const done = {
    'add-text': 'Added to your list.',
    quantity: 'Quantity updated.',
    remove: 'Removed from your list.',
    up: 'Moved up.',
    down: 'Moved down.',
    check: 'Checked off.',
    uncheck: 'Unchecked.',
    rename: 'List renamed.',
  }[intent.intent];
  return json<Outcome>({ error: null, done: t(done) }, { headers });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(
    data ? t('{{name}} — your list', { name: shownListName(t, data.list) }) : t('List'),
    t('A shopping list: its items, quantities and prices at your store, ready to add to your cart.'),
  );
};

export default function ListPage() {
  const { list, storeName, signedIn } = useLoaderData<typeof loader>();
  const outcome = useActionData<Outcome>();
  const [params] = useSearchParams();
  const added = params.get('added');
  const submit = useSubmit();
  const t = useT();
  // Arriving from another page with JavaScript (a client navigation), the status region is put in empty and
  // then filled, so the add is read out (WCAG 4.1.3); a server-rendered page shows it at once.
  const hydrated = useHydrated();
  const [settled, setSettled] = useState(false);
  useEffect(() => setSettled(true), []);
  const addedWords =
    added && (settled || !hydrated)
      ? added === '1'
        ? t('Added to this list.')
        : t('Added {{added}} items to this list.', { added })
      : null;
  // One handler for every row's forms: with JavaScript they post as Remix forms do (no full reload).
  const enhance = (event: FormEvent<HTMLOListElement>) => {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    submit(((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null) ?? form, { method: 'post' });
  };
  return (
    <div className="container-page py-8">
      <nav aria-label={t('Breadcrumb')} className="text-sm text-stone-600">
        <Link to="/shop/lists.html" className="underline">
          {t('Your lists')}
        </Link>
      </nav>
      <h1 className="mt-2 break-words text-2xl font-extrabold md:text-3xl" data-testid="list-name">
        {shownListName(t, list)}
      </h1>
      {!signedIn ? (
        <p className="mt-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {t('This list is kept in this browser only.')}{' '}
          <Link
            to={`${SIGN_IN_PATH}?goto=${encodeURIComponent(`/shop/lists/${list.id}.html`)}`}
            className="font-semibold underline"
          >
            {t('Sign in to save your list')}
          </Link>
          .
        </p>
      ) : null}
      <FormOutcome error={outcome?.error} done={outcome ? outcome.done : addedWords} live />
      {outcome?.report ? <CartReport report={outcome.report} /> : null}

      <div className="mt-4 flex flex-wrap gap-3">
        <Form method="post">
          <input type="hidden" name="intent" value="add-to-cart" />
          <button type="submit" className="btn-primary min-h-[44px]">
            {t('Add all to cart')}
          </button>
        </Form>
        <Link to={`/shop/lists/store/${list.id}.html`} className="btn-outline min-h-[44px]">
          {t('Store mode')}
        </Link>
      </div>
      <p className="mt-1 text-xs text-stone-600">{t('Prices and stock at {{store}}.', { store: storeName })}</p>

      {list.items.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-dashed border-stone-300 p-6 text-center">
          {t('This list is empty.')}
        </p>
      ) : (
        <>
          {/* The words every row's controls are named with (aria-labelledby), written once. */}
          <p hidden>
            <span id="l-check">{t('Check off')}</span>
            <span id="l-uncheck">{t('Uncheck')}</span>
            <span id="l-move">{t('Move')}</span>
            <span id="l-up">{t('up')}</span>
            <span id="l-down">{t('down')}</span>
            <span id="l-qty">{t('Quantity of')}</span>
            <span id="l-remove">{t('Remove')}</span>
          </p>
          <ol
            className="mt-6 divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white"
            data-testid="list-items"
            onSubmit={enhance}
          >
            {list.items.map((item, index) => {
              const name = item.product?.name ?? item.text ?? '';
              // Plain forms (the list's onSubmit enhances them): a Remix Form would add its action to each of 1,500.
              // Apart: the row's buttons and the quantity (Enter in it must not press the check box). The controls
              // are named from the shared words above and the row's name (n{id}), not each with its own copy.
              const named = (...words: string[]) =>
                words.map((word) => (word === 'name' ? `n${item.id}` : `l-${word}`)).join(' ');
              return (
                <li key={item.id} className="list-row" data-testid="list-item">
                  <form method="post">
                    <input type="hidden" name="itemId" value={item.id} />
                    <button
                      name="intent"
                      value={item.checked ? 'uncheck' : 'check'}
                      className="box"
                      aria-labelledby={named(item.checked ? 'uncheck' : 'check', 'name')}
                    >
                      {item.checked ? '✓' : ''}
                    </button>
                    <button
                      name="intent"
                      value="up"
                      disabled={index === 0}
                      className="box"
                      aria-labelledby={named('move', 'name', 'up')}
                    >
                      ↑
                    </button>
                    <button
                      name="intent"
                      value="down"
                      disabled={index === list.items.length - 1}
                      className="box"
                      aria-labelledby={named('move', 'name', 'down')}
                    >
                      ↓
                    </button>
                  </form>
                  <span className={item.checked ? 'name done' : 'name'}>
                    {item.product ? (
                      <>
                        <a id={`n${item.id}`} href={productHref(item.product.kind as ProductKind, item.product.id)}>
                          {name}
                        </a>
                        <span className="meta">
                          {formatCents(item.product.priceCents)}
                          {item.product.stock !== 'in_stock' ? ` · ${t(ITEM_MESSAGES[item.product.stock])}` : ''}
                        </span>
                      </>
                    ) : (
                      <span id={`n${item.id}`}>{name}</span>
                    )}
                  </span>
                  {item.product ? (
                    <form method="post">
                      <input type="hidden" name="itemId" value={item.id} />
                      <input
                        name="quantity"
                        type="number"
                        min={1}
                        max={MAX_ITEM_QUANTITY}
                        defaultValue={item.quantity}
                        className="qty"
                        aria-labelledby={named('qty', 'name')}
                      />
                      <button name="intent" value="quantity" className="link">
                        {t('Update')}
                      </button>
                    </form>
                  ) : null}
                  <form method="post">
                    <input type="hidden" name="itemId" value={item.id} />
                    <button name="intent" value="remove" className="link rm" aria-labelledby={named('remove', 'name')}>
                      {t('Remove')}
                    </button>
                  </form>
                </li>
              );
            })}
          </ol>
        </>
      )}

      <Form method="post" className="mt-6 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="add-text" />
        <label className="flex flex-col text-sm font-semibold">
          {t('Add something else')}
          <input
            name="text"
            required
            maxLength={MAX_ITEM_TEXT}
            placeholder={t('birthday candles')}
            className="mt-1 min-h-[44px] rounded-lg border border-stone-300 px-3"
          />
        </label>
        <button type="submit" className="btn-outline min-h-[44px]">
          {t('Add to list')}
        </button>
      </Form>
      {signedIn ? (
        <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="rename" />
          <label className="flex flex-col text-sm font-semibold">
            {t('List name')}
            <input
              name="name"
              required
              maxLength={MAX_LIST_NAME}
              defaultValue={shownListName(t, list)}
              className="mt-1 min-h-[44px] rounded-lg border border-stone-300 px-3"
            />
          </label>
          <button type="submit" className="btn-outline min-h-[44px]">
            {t('Rename')}
          </button>
        </Form>
      ) : null}
    </div>
  );
}

function CartReport({ report }: { report: ListToCartReport }) {
  const t = useT();
  return (
    <div className="mt-3 space-y-2 text-sm" data-testid="cart-report">
      {report.unavailable.length ? (
        <div className="rounded-xl border border-red-200 bg-red-50 p-3 text-red-900">
          <p className="font-semibold">
            {t('Not available at {{store}}, left on your list:', { store: report.storeName })}
          </p>
          <ul className="list-disc pl-5">
            {report.unavailable.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {report.freeText.length ? (
        <div className="rounded-xl border border-stone-200 bg-stone-50 p-3">
          <p className="font-semibold">{t('Free-text items to find yourself:')}</p>
          <ul className="list-disc pl-5">
            {report.freeText.map((name, index) => (
              <li key={`${index}-${name}`}>{name}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {report.added.length ? (
        <p>
          <Link to="/shop/cart.html" className="font-semibold text-brand-dark underline">
            {t('Go to your cart')}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
