import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useFetcher, useLoaderData, useNavigate, useNavigation } from '@remix-run/react';
import { useEffect, type FormEvent } from 'react';
import { useHydrated, pageAccess, PUBLIC_PAGE, pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import {
  chooseStoreFromFinder,
  json,
  pageStrings,
  redirect,
  requireUserType,
  serverT,
  storeFinderPage,
} from '~/pages/store-finder.server';
import type { StoreSummary } from '~/modules/stores/store-resolver.server';
import { ErrorAlert } from '~/components/Alerts';
import { reloadAfterRefreshFlag } from '~/modules/browser/reload-delay';

export const access = pageAccess({ allowedUserTypes: PUBLIC_PAGE, escapeSSO: true, syndicatedHeader: true });
export const handle = { access };

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const page = await storeFinderPage(request, shopper);
  const t = serverT(shopper.language, 'shop');
  const unknownZip = page.error?.code === 'ZIP_UNKNOWN' ? /ZIP code (\S+)\./.exec(page.error.message) : null;
  const error = page.error && {
    ...page.error,
    message: unknownZip
      ? t("We don't recognize the ZIP code {{zip}}. Check it and try again.", { zip: unknownZip[1]! })
      : t(page.error.message),
  };
  return json({ ...page, error, i18n: pageStrings(shopper.language, ['shop']) }, { headers: shopper.headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const outcome = await chooseStoreFromFinder(request, shopper);
  if (!outcome.ok)
    return json(
      { error: serverT(shopper.language, 'shop')(outcome.message) },
      { status: 400, headers: shopper.headers },
    );
  const headers = new Headers(shopper.headers);
  for (const cookie of outcome.setCookies) headers.append('Set-Cookie', cookie);
  return redirect(outcome.redirectTo, { headers });
}

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(
    t('Choose a store'),
    t('Find a store near you by ZIP code for delivery, DriveUp & Go pickup or shopping in store.'),
  );
};

const PREFERENCE_OPTIONS = [
  { value: 'Delivery', label: 'Delivery', hint: 'To your door' },
  { value: 'Dug', label: 'DriveUp & Go', hint: 'Pickup at the store' },
  { value: 'J4U', label: 'In-store', hint: 'Deals for your trip' },
] as const;

function Capabilities({ store }: { store: StoreSummary }) {
  const t = useT();
  const badges = [
    store.capabilities.delivery && 'Delivery',
    store.capabilities.driveUp && 'DriveUp & Go',
    store.capabilities.rushDelivery && 'Rush delivery',
    store.capabilities.wine && 'Wine shipping',
  ].filter(Boolean) as string[];
  return (
    <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={t('Services')}>
      {badges.map((badge) => (
        <li key={badge} className="rounded-full bg-brand-soft px-2 py-0.5 text-xs font-medium text-brand-dark">
          {t(badge)}
        </li>
      ))}
    </ul>
  );
}

type SessionUpdateAnswer = { success: boolean; message?: string | null; redirectTo?: string; reload?: boolean };

/**
 * With JavaScript the choice goes to the session-update resource route (spec section 4): it answers
 * where to go next, a reload (401/403 without keep-me-signed-in), or a message. Without JavaScript the
 * same form posts to this page's action, which runs the same module.
 */
function useSessionUpdate() {
  const fetcher = useFetcher<SessionUpdateAnswer>();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  useEffect(() => {
    // A browser that refuses cookies keeps the session in this page's memory (decision 0101): no full load.
    if (answer?.redirectTo && !navigator.cookieEnabled) navigate(answer.redirectTo);
    else if (answer?.redirectTo) window.location.assign(answer.redirectTo);
    // The refresh flag (401/403 without keep-me-signed-in): reload after the spec's delay, saying so meanwhile.
    else if (answer?.reload) return reloadAfterRefreshFlag(() => window.location.reload());
  }, [answer, navigate]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    const body = Object.fromEntries(
      [...new FormData(event.currentTarget).entries()].filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
    fetcher.submit(
      { ...body, returnTo: window.location.pathname + window.location.search },
      { method: 'post', action: '/api/session/update', encType: 'application/json' },
    );
  };
  const pendingStore =
    fetcher.state !== 'idle' ? String((fetcher.json as { storeId?: string } | undefined)?.storeId ?? '') : null;
  return {
    onSubmit,
    pendingStore,
    reloading: Boolean(answer?.reload),
    error: answer && !answer.success && answer.message ? answer.message : null,
  };
}

export default function SetStorePage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const sessionUpdate = useSessionUpdate();
  const t = useT();
  const busyStore = navigation.state !== 'idle' ? navigation.formData?.get('storeId') : sessionUpdate.pendingStore;
  return (
    <div className="container-page max-w-4xl py-8">
      <h1 className="text-2xl font-extrabold md:text-3xl">{t('Choose how you shop')}</h1>
      {data.current ? (
        <p className="mt-2 text-stone-700" data-testid="current-store">
          {t('You are shopping at')} <strong>{data.current.name}</strong>, {data.current.address.line1},{' '}
          {data.current.address.city}.
        </p>
      ) : (
        <p className="mt-2 text-stone-700">{t('Pick a store to see its prices, stock and delivery times.')}</p>
      )}

      <Form method="get" className="card mt-6 grid gap-4 p-4 md:p-6" aria-label={t('Find stores')}>
        {data.goto ? <input type="hidden" name="goto" value={data.goto} /> : null}
        <fieldset>
          <legend className="text-sm font-semibold">{t('How would you like to shop?')}</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-3">
            {PREFERENCE_OPTIONS.map((option) => (
              <label
                key={option.value}
                className="flex cursor-pointer items-center gap-3 rounded-xl border border-stone-300 p-3 has-[:checked]:border-brand has-[:checked]:bg-brand-soft"
              >
                <input
                  type="radio"
                  name="preference"
                  value={option.value}
                  defaultChecked={data.preference === option.value}
                  className="h-4 w-4 accent-[rgb(var(--brand))]"
                />
                <span>
                  <span className="block font-semibold">{t(option.label)}</span>
                  <span className="block text-xs text-stone-600">{t(option.hint)}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <label className="flex-1 text-sm font-semibold" htmlFor="zipcode">
            {t('ZIP code')}
            <input
              id="zipcode"
              name="zipcode"
              inputMode="numeric"
              autoComplete="postal-code"
              defaultValue={data.zipcode ?? ''}
              placeholder="98101"
              className="mt-1 block w-full rounded-xl border border-stone-300 px-3 py-2 text-base font-normal"
              aria-describedby={data.error ? 'finder-error' : undefined}
            />
          </label>
          <button type="submit" className="btn-primary px-6 py-2.5">
            {t('Find stores')}
          </button>
        </div>
      </Form>

      {data.error ? <ErrorAlert id="finder-error">{data.error.message}</ErrorAlert> : null}
      {actionData?.error ? <ErrorAlert>{actionData.error}</ErrorAlert> : null}
      {sessionUpdate.error ? <ErrorAlert>{t(sessionUpdate.error)}</ErrorAlert> : null}
      {sessionUpdate.reloading ? (
        <p role="status" className="mt-4 rounded-xl bg-brand-soft p-3 text-sm font-semibold text-brand-dark">
          {t('Your sign-in needs refreshing. Reloading the page…')}
        </p>
      ) : null}

      {data.stores.length > 0 ? (
        <section aria-labelledby="results-heading" className="mt-6">
          <h2 id="results-heading" className="text-lg font-bold">
            {t('{{count}} stores near {{zip}}', { count: data.stores.length, zip: data.zipcode ?? '' })}
          </h2>
          <ul className="mt-3 grid gap-3 md:grid-cols-2">
            {data.stores.map((store) => {
              const otherBanner = store.bannerId !== data.bannerId;
              const isCurrent = data.current?.storeId === store.storeId;
              const buttonLabel =
                busyStore === store.storeId
                  ? t('Saving…')
                  : isCurrent
                    ? t('Keep this store')
                    : otherBanner
                      ? t('Shop at {{store}}', { store: store.bannerName })
                      : t('Shop this store');
              return (
                <li key={store.storeId} className="card flex flex-col p-4" data-testid="store-result">
                  <div className="flex items-start justify-between gap-2">
                    <h3 className="font-bold">{store.name}</h3>
                    {store.distanceMiles !== null ? (
                      <span className="shrink-0 text-sm text-stone-600">{store.distanceMiles.toFixed(1)} mi</span>
                    ) : null}
                  </div>
                  <p className="text-sm text-stone-700">
                    {store.address.line1}, {store.address.city}, {store.address.state} {store.address.zipcode}
                  </p>
                  <p className="text-xs text-stone-500">
                    {t('Open {{hours}}', { hours: store.hours.replace('-', ' – ') })}
                  </p>
                  <Capabilities store={store} />
                  {otherBanner ? (
                    <p className="mt-2 text-xs text-stone-600">
                      {t('Delivered by our sister store {{banner}}.', { banner: store.bannerName })}
                    </p>
                  ) : null}
                  {data.linkedStoreId === store.storeId ? (
                    <p className="mt-2 text-xs font-semibold text-brand-dark" data-testid="linked-store">
                      {t('From your link: confirm to shop here.')}
                    </p>
                  ) : null}
                  <Form method="post" className="mt-3" onSubmit={sessionUpdate.onSubmit}>
                    <input type="hidden" name="storeId" value={store.storeId} />
                    <input type="hidden" name="preference" value={data.preference} />
                    <input type="hidden" name="zipcode" value={data.zipcode ?? ''} />
                    {data.goto ? <input type="hidden" name="goto" value={data.goto} /> : null}
                    {data.resolvedBy ? <input type="hidden" name="resolvedBy" value={data.resolvedBy} /> : null}
                    {data.address ? <input type="hidden" name="address" value={data.address} /> : null}
                    <button
                      type="submit"
                      className={isCurrent ? 'btn-outline w-full' : 'btn-primary w-full'}
                      // The words on screen, then which store (WCAG 2.5.3: the name contains the visible label).
                      aria-label={`${buttonLabel}: ${store.name}`}
                    >
                      {buttonLabel}
                    </button>
                  </Form>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
