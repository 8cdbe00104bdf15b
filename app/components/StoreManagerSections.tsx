import { Form, Link } from '@remix-run/react';
import { useLanguage, useT } from '~/components/page-essentials';
import { INTL_LOCALE, type Language } from '~/modules/i18n/languages';
import type { StockedProduct } from '~/modules/catalog/store-stock.server';
import { SLOT_KIND_LABELS } from '~/modules/slots/slot-rules';
import type { ManagedDay } from '~/modules/slots/slot-admin.server';
import type { DeadLetterView } from '~/modules/staff/store-manager.server';
import { storePageHref, type StorePageQuery } from '~/modules/staff/store-manager-rules';
import { FIELD_INPUT_CLASS } from './FormField';

/** The refusal of the last form posted, and which row's form it was (a slot, product or message id). */
export type RowError = { message: string; target: string | null } | null;

type PageQuery = Pick<StorePageQuery, 'store' | 'day' | 'q'>;

const weekdayFormats = new Map<Language, Intl.DateTimeFormat>();
function dayLabel(day: string, language: Language): string {
  let format = weekdayFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[language], {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
    weekdayFormats.set(language, format);
  }
  return format.format(new Date(`${day}T12:00:00Z`));
}

function InlineError({ error, target }: { error: RowError; target: string }) {
  if (!error || error.target !== target) return null;
  return (
    <p role="alert" className="basis-full text-sm font-semibold text-red-800">
      {error.message}
    </p>
  );
}

/** One day's windows of every kind: places taken of the capacity, a capacity form, close or reopen. */
export function ManagedSlotList({ query, slots, error }: { query: PageQuery; slots: ManagedDay; error: RowError }) {
  const t = useT();
  const language = useLanguage();
  return (
    <section className="mt-8" aria-labelledby="slots-heading">
      <h2 id="slots-heading" className="text-xl font-bold">
        {t('Delivery and pickup times')}
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        {t(
          'A closed time takes no new orders; orders already in it keep their place. Capacity never goes below the places taken.',
        )}
      </p>
      <nav aria-label={t('Days')} className="mt-3 flex gap-2 overflow-x-auto pb-2">
        {slots.days.map((day) => (
          <Link
            key={day}
            to={storePageHref({ ...query, day })}
            aria-current={slots.day === day ? 'date' : undefined}
            className={`whitespace-nowrap rounded-full px-3 py-1 text-sm font-semibold ${
              slots.day === day ? 'bg-brand text-white' : 'border border-stone-300 text-stone-800'
            }`}
          >
            {dayLabel(day, language)}
          </Link>
        ))}
      </nav>
      <ul
        className="mt-3 grid gap-3 md:grid-cols-2 xl:grid-cols-3"
        aria-label={t('Times on {{day}}', { day: dayLabel(slots.day, language) })}
      >
        {slots.slots.map((slot) => {
          const kind = t(SLOT_KIND_LABELS[slot.kind]);
          const name = `${kind} ${slot.time}`;
          return (
            <li
              key={slot.id}
              id={`slot-${slot.id}`}
              className="card flex flex-wrap items-end justify-between gap-3 p-4"
              data-testid="managed-slot"
              data-slot={slot.id}
              data-kind={slot.kind}
            >
              <div className="min-w-[10rem]">
                <p className="text-xs font-semibold text-stone-700">{kind}</p>
                <p className="font-bold">{slot.time}</p>
                <p className="text-sm text-stone-800" data-testid="slot-state">
                  {t('{{taken}} of {{capacity}} taken', { taken: slot.taken, capacity: slot.capacity })} ·{' '}
                  {slot.closed ? (
                    <span className="font-semibold text-red-800">{t('Closed')}</span>
                  ) : slot.editable ? (
                    t('Open')
                  ) : (
                    t('Started')
                  )}
                </p>
              </div>
              {slot.editable ? (
                <div className="flex flex-wrap items-end gap-2">
                  <Form method="post" className="flex items-end gap-2">
                    <input type="hidden" name="intent" value="capacity" />
                    <input type="hidden" name="slotId" value={slot.id} />
                    <label className="text-xs font-semibold">
                      {t('Capacity')}
                      <input
                        name="capacity"
                        type="number"
                        required
                        defaultValue={slot.capacity}
                        className={`${FIELD_INPUT_CLASS} w-20`}
                        aria-label={t('Capacity of {{name}}', { name })}
                      />
                    </label>
                    <button type="submit" className="btn-outline">
                      {t('Save')}
                      <span className="sr-only"> {t('capacity of {{name}}', { name })}</span>
                    </button>
                  </Form>
                  <Form method="post">
                    <input type="hidden" name="intent" value={slot.closed ? 'reopen' : 'close'} />
                    <input type="hidden" name="slotId" value={slot.id} />
                    <button type="submit" className={slot.closed ? 'btn-primary' : 'btn-outline'}>
                      {slot.closed ? t('Reopen') : t('Close')}
                      <span className="sr-only"> {name}</span>
                    </button>
                  </Form>
                </div>
              ) : null}
              <InlineError error={error} target={String(slot.id)} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

// Translated where shown: each value is a key of the staff namespace.
const STOCK_LABELS: Record<StockedProduct['stock'], string> = {
  in_stock: 'In stock',
  out_of_stock: 'Out of stock',
  unavailable: 'Not sold at this store',
};

/** Find a grocery product by name and mark it out of stock at this store, or back in stock. */
export function StockSearch({
  query,
  search,
  error,
}: {
  query: PageQuery;
  search: { term: string; products: StockedProduct[] } | null;
  error: RowError;
}) {
  const t = useT();
  return (
    <section className="mt-10" aria-labelledby="stock-heading">
      <h2 id="stock-heading" className="text-xl font-bold">
        {t('Out of stock at this store')}
      </h2>
      <Form method="get" action="/staff/store" className="mt-3 flex flex-wrap items-end gap-2" role="search">
        <input type="hidden" name="store" value={query.store} />
        {query.day ? <input type="hidden" name="day" value={query.day} /> : null}
        <label className="text-sm font-semibold">
          {t('Product name')}
          <input
            name="q"
            type="search"
            maxLength={60}
            defaultValue={search?.term ?? ''}
            className={`${FIELD_INPUT_CLASS} w-64 max-w-full`}
          />
        </label>
        <button type="submit" className="btn-primary">
          {t('Find products')}
        </button>
      </Form>
      {search ? (
        search.products.length === 0 ? (
          <p className="mt-3 text-sm text-stone-700" data-testid="stock-none">
            {search.term.length < 2
              ? t('Type at least two letters of the product name.')
              : t('No grocery product has “{{term}}” in its name.', { term: search.term })}
          </p>
        ) : (
          <ul className="mt-3 flex flex-col gap-2" aria-label={t('Products found')}>
            {search.products.map((product) => (
              <li
                key={product.id}
                className="card flex flex-wrap items-center justify-between gap-3 p-3"
                data-testid="stock-product"
                data-product={product.id}
              >
                <div>
                  <p className="font-semibold">{product.name}</p>
                  <p className="text-sm text-stone-700">
                    {product.brand} · {product.sizeLabel} ·{' '}
                    <span
                      className={product.stock === 'in_stock' ? 'font-semibold' : 'font-semibold text-red-800'}
                      data-testid="stock-state"
                    >
                      {t(STOCK_LABELS[product.stock])}
                    </span>
                  </p>
                </div>
                {product.stock === 'unavailable' ? null : (
                  <Form method="post">
                    <input
                      type="hidden"
                      name="intent"
                      value={product.stock === 'in_stock' ? 'outOfStock' : 'inStock'}
                    />
                    <input type="hidden" name="productId" value={product.id} />
                    <button type="submit" className="btn-outline">
                      {product.stock === 'in_stock' ? t('Mark out of stock') : t('Back in stock')}
                      <span className="sr-only">: {product.name}</span>
                    </button>
                  </Form>
                )}
                <InlineError error={error} target={String(product.id)} />
              </li>
            ))}
          </ul>
        )
      ) : null}
    </section>
  );
}

/** Messages of this store that the mail worker gave up on, each with "Send again". */
export function DeadLetterList({ deadLetters, error }: { deadLetters: DeadLetterView[]; error: RowError }) {
  const t = useT();
  return (
    <section className="mt-10" aria-labelledby="dead-heading">
      <h2 id="dead-heading" className="text-xl font-bold">
        {t('Messages that could not be sent')}
      </h2>
      {deadLetters.length === 0 ? (
        <p className="mt-2 text-sm text-stone-700">
          {t('Every message of this store was delivered or is on its way.')}
        </p>
      ) : (
        <ul className="mt-3 flex flex-col gap-2" aria-label={t('Undelivered messages')}>
          {deadLetters.map((letter) => (
            <li
              key={letter.messageId}
              className="card flex flex-wrap items-center justify-between gap-3 p-3"
              data-testid="dead-letter"
            >
              <div className="min-w-0">
                <p className="font-semibold">
                  {t('{{kind}} to {{recipient}}', { kind: letter.kind, recipient: letter.recipient })}
                </p>
                <p className="text-sm text-stone-700">
                  {letter.createdAt} · {t('{{count}} attempts', { count: letter.attempts })}
                </p>
                <p className="break-words text-sm text-stone-700">
                  {t('Last error: {{error}}', { error: letter.lastError })}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="resend" />
                <input type="hidden" name="messageId" value={letter.messageId} />
                <button type="submit" className="btn-outline">
                  {t('Send again')}
                  <span className="sr-only">
                    {' '}
                    {t('the {{kind}} message to {{recipient}}', {
                      kind: letter.kind.toLowerCase(),
                      recipient: letter.recipient,
                    })}
                  </span>
                </button>
              </Form>
              <InlineError error={error} target={letter.messageId} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
