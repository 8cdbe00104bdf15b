import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react';
import { useEffect } from 'react';
import {
  pageAccess,
  PUBLIC_PAGE,
  STORAGE_KEYS,
  formatCents,
  pageMeta,
  useLanguage,
  useT,
} from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { INTL_LOCALE, type Language } from '~/modules/i18n/languages';
import { pageStrings, serverT } from '~/modules/i18n/translations.server';
import { requireUserType } from '~/modules/access/shopper.server';
import { shopperCart } from '~/modules/cart/cart-session.server';
import { cartView } from '~/modules/cart/cart-view.server';
import { parseForm, parseSearchParams } from '~/modules/http/forms.server';
import { SLOT_HOLD_LIFETIME_MS } from '~/modules/session/cookie-policy';
import { SLOT_KIND_LABELS, SLOT_REFUSALS, slotFormSchema, slotQuerySchema } from '~/modules/slots/slot-rules';
import { heldSlot, releaseCartHold, reserveSlot, slotPage } from '~/modules/slots/slots.server';
import { slotLabelIn } from '~/modules/orders/order-dates.server';

/** Delivery and DriveUp & Go windows for the next 7 days at the shopper's store; reserve one for 2 hours. */
export const access = pageAccess({ allowedUserTypes: PUBLIC_PAGE });
export const handle = { access };

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const query = parseSearchParams(request, slotQuerySchema, shopper.language);
  const cart = await shopperCart(request, shopper);
  const { store } = cart;
  const [{ days, day, slots }, held] = await Promise.all([
    slotPage(store, query.type, query.day),
    heldSlot(cart.cartId, store.timezone),
  ]);
  const headers = new Headers(shopper.headers);
  for (const cookie of cart.setCookies) headers.append('Set-Cookie', cookie);
  const t = serverT(shopper.language, 'orders');
  return json(
    {
      type: query.type,
      day,
      days,
      // Other languages write the windows with Intl (English keeps the slots' own wording).
      slots:
        shopper.language === 'en'
          ? slots
          : slots.map((slot) => ({
              ...slot,
              label: slotLabelIn(shopper.language, slot.startsAt, slot.endsAt, store.timezone),
            })),
      held,
      heldLabel: held ? slotLabelIn(shopper.language, held.startsAt, held.endsAt, store.timezone) : null,
      hasCart: cart.cartId !== null,
      store: {
        name: store.name,
        timezone: store.timezone,
        hasDug: store.has_dug === 1,
        hasDelivery: store.has_grocery_delivery === 1,
      },
      error:
        query.slotError && query.slotError in SLOT_REFUSALS
          ? t(SLOT_REFUSALS[query.slotError as keyof typeof SLOT_REFUSALS])
          : null,
      done:
        query.slotMessage === 'reserved'
          ? t('Your time is reserved for 2 hours.')
          : query.slotMessage === 'released'
            ? t('Your reserved time was released.')
            : null,
      i18n: pageStrings(shopper.language, ['orders']),
    },
    { headers },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const form = await parseForm(request, slotFormSchema);
  const cart = await shopperCart(request, shopper);
  const headers = new Headers(shopper.headers);
  for (const cookie of cart.setCookies) headers.append('Set-Cookie', cookie);
  const back = (key: string, value: string) => {
    const url = new URL(request.url);
    url.searchParams.delete('slotError');
    url.searchParams.delete('slotMessage');
    url.searchParams.set(key, value);
    return redirect(`${url.pathname}${url.search}`, { headers });
  };
  if (!form.ok) return back('slotError', 'UNKNOWN_SLOT');
  if (!cart.cartId) return back('slotError', 'NO_CART');
  if (form.data.intent === 'release') {
    await releaseCartHold(cart.cartId);
    return back('slotMessage', 'released');
  }
  const view = await cartView({
    cartId: cart.cartId,
    customerId: cart.owner.customerId,
    bannerId: cart.owner.bannerId,
    store: cart.store,
    preference: cart.preference,
  });
  if (view.lines.length === 0) return back('slotError', 'NO_CART');
  const result = await reserveSlot({
    slotId: form.data.slotId,
    cartId: cart.cartId,
    customerId: cart.owner.customerId,
    store: cart.store,
    needsAttendedDelivery: view.needsAttendedDelivery,
  });
  return result.ok ? back('slotMessage', 'reserved') : back('slotError', result.code);
}

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(t('Choose a delivery or pickup time'), t('Pick a delivery or pickup window for your order.'));
};

// Made once per language: toLocaleDateString builds a formatter on every call (two per day button, every render).
const formats = new Map<Language, { weekday: Intl.DateTimeFormat; date: Intl.DateTimeFormat }>();
function dayFormats(language: Language) {
  let format = formats.get(language);
  if (!format) {
    const locale = INTL_LOCALE[language];
    format = {
      weekday: new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }),
      date: new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }),
    };
    formats.set(language, format);
  }
  return format;
}

// A day's button label never changes: formatted once per day (bounded), not twice per button and render.
const dayLabels = new Map<string, { weekday: string; date: string }>();

function dayLabel(day: string, language: Language) {
  const key = `${language} ${day}`;
  let label = dayLabels.get(key);
  if (!label) {
    const date = new Date(`${day}T12:00:00Z`);
    const format = dayFormats(language);
    label = { weekday: format.weekday.format(date), date: format.date.format(date) };
    if (dayLabels.size >= 1_000) dayLabels.clear();
    dayLabels.set(key, label);
  }
  return label;
}

// The page's own path, not a query relative to the route: the server renders a plain path's link without the
// router's hooks.
const slotsHref = (type: 'delivery' | 'pickup', day?: string) =>
  `/shop/slots.html?type=${type}${day ? `&day=${day}` : ''}`;

export default function SlotsPage() {
  const data = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const t = useT();
  const language = useLanguage();
  useEffect(() => {
    // The page-side copy of the reservation lives as long as the hold (spec: 7,200,000 ms).
    if (data.held)
      window.localStorage.setItem(
        STORAGE_KEYS.slot,
        JSON.stringify({ ...data.held, storedUntil: Date.now() + SLOT_HOLD_LIFETIME_MS }),
      );
    else window.localStorage.removeItem(STORAGE_KEYS.slot);
  }, [data.held]);
  return (
    <div className="container-page py-8">
      <h1 className="text-2xl font-extrabold md:text-3xl">{t('Choose a time')}</h1>
      <p className="mt-1 text-stone-600">
        {t("Times at {{store}}, shown in the store's local time. We hold your choice for 2 hours.", {
          store: data.store.name,
        })}
      </p>

      {data.error ? (
        <p
          role="alert"
          className="mt-4 rounded-xl border border-red-200 bg-red-50 p-3 text-sm font-semibold text-red-800"
        >
          {data.error}
        </p>
      ) : data.done ? (
        <p role="status" className="mt-4 rounded-xl border border-green-200 bg-green-50 p-3 text-sm text-green-900">
          {data.done}
        </p>
      ) : null}

      {data.held ? (
        <section className="card mt-4 flex flex-wrap items-center justify-between gap-3 p-4" data-testid="held-slot">
          <div>
            <p className="text-xs font-semibold uppercase tracking-wide text-brand-dark">{t('Reserved')}</p>
            <p className="font-bold">
              {t(SLOT_KIND_LABELS[data.held.kind])} · {data.heldLabel}
            </p>
            <p className="text-xs text-stone-600">
              {t('Held until {{time}}', {
                time: new Date(data.held.expiresAt).toLocaleTimeString(INTL_LOCALE[language], {
                  hour: 'numeric',
                  minute: '2-digit',
                  timeZone: data.store.timezone,
                }),
              })}
              {' · '}
              {data.held.feeCents > 0 ? t('fee {{amount}}', { amount: formatCents(data.held.feeCents) }) : t('no fee')}
            </p>
          </div>
          <div className="flex gap-2">
            <Form method="post">
              <input type="hidden" name="intent" value="release" />
              <button type="submit" className="btn-outline text-sm">
                {t('Release')}
              </button>
            </Form>
            <Link to="/shop/checkout.html" className="btn-primary text-sm">
              {t('Continue to checkout')}
            </Link>
          </div>
        </section>
      ) : null}

      {!data.hasCart ? (
        <p className="mt-4 rounded-xl bg-amber-50 p-3 text-sm text-amber-900">{t(SLOT_REFUSALS.NO_CART)}</p>
      ) : null}

      <nav aria-label={t('Fulfilment')} className="mt-6 flex gap-2">
        {(['delivery', 'pickup'] as const).map((type) => (
          <Link
            key={type}
            to={slotsHref(type)}
            aria-current={data.type === type ? 'page' : undefined}
            className={`rounded-full px-4 py-2 text-sm font-semibold ${data.type === type ? 'bg-brand text-white' : 'bg-stone-100 hover:bg-stone-200'}`}
          >
            {type === 'delivery' ? t('Delivery') : 'DriveUp & Go'}
          </Link>
        ))}
      </nav>

      {data.days.length === 0 ? (
        <p className="mt-6 text-stone-600">
          {data.type === 'pickup'
            ? t('This store does not offer DriveUp & Go pickup.')
            : t('This store does not deliver.')}
        </p>
      ) : (
        <>
          <nav aria-label={t('Days')} className="mt-4 flex gap-2 overflow-x-auto pb-2">
            {data.days.map((day) => {
              const label = dayLabel(day, language);
              return (
                <Link
                  key={day}
                  to={slotsHref(data.type, day)}
                  aria-current={data.day === day ? 'date' : undefined}
                  className={`flex min-w-[4.5rem] flex-col items-center whitespace-nowrap rounded-xl border px-3 py-2 text-sm ${data.day === day ? 'border-brand bg-brand-soft font-bold text-brand-dark' : 'border-stone-200 bg-white hover:border-brand'}`}
                >
                  <span>{label.weekday}</span>
                  <span>{label.date}</span>
                </Link>
              );
            })}
          </nav>
          {/* One form for every window: the pressed button sends its slotId (one Form, not one per window). */}
          <Form method="post">
            <input type="hidden" name="intent" value="reserve" />
            <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('Available times')}>
              {data.slots.map((slot) => (
                <li key={slot.id} className="card flex items-center justify-between gap-3 p-4" data-testid="slot">
                  <div>
                    <p className="text-xs font-semibold text-stone-500">{t(SLOT_KIND_LABELS[slot.kind])}</p>
                    <p className="font-bold">
                      <time dateTime={slot.startsAt}>{slot.label.split(', ').slice(2).join(', ')}</time>
                    </p>
                    <p className="text-xs text-stone-600">
                      {slot.feeCents > 0 ? formatCents(slot.feeCents) : t('Free')} ·{' '}
                      {slot.bookable
                        ? t('{{count}} left', { count: slot.placesLeft })
                        : slot.placesLeft === 0
                          ? t('Full')
                          : t('Closed')}
                    </p>
                  </div>
                  <button
                    type="submit"
                    name="slotId"
                    value={slot.id}
                    className="btn-primary text-sm"
                    disabled={!slot.bookable || busy || !data.hasCart || data.held?.slotId === slot.id}
                    aria-label={t('Reserve {{kind}} {{time}}', {
                      kind: t(SLOT_KIND_LABELS[slot.kind]),
                      time: slot.label,
                    })}
                  >
                    {data.held?.slotId === slot.id ? t('Reserved') : t('Reserve')}
                  </button>
                </li>
              ))}
            </ul>
          </Form>
        </>
      )}
    </div>
  );
}
