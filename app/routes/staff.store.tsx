import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { StaffErrorPage } from '~/components/StaffErrorPage';
import { DeadLetterList, ManagedSlotList, StockSearch } from '~/components/StoreManagerSections';
import { staffAccess } from '~/modules/access/staff-access';
import { requireStaff, requireStaffAtStore } from '~/modules/access/staff.server';
import { parseForm, parseSearchParams } from '~/modules/http/forms.server';
import { pageStrings, serverT } from '~/modules/i18n/translations.server';
import type { Language } from '~/modules/i18n/languages';
import {
  DONE_OF,
  MANAGER_DONE,
  storeManagerActionSchema,
  storePageHref,
  storePageQuerySchema,
} from '~/modules/staff/store-manager-rules';
import { applyManagerAction, storeManagerPage } from '~/modules/staff/store-manager.server';

/** A store manager's page: the store's windows (capacity, close, reopen), stock at the store, undelivered mail. */
export const access = staffAccess({ roles: ['manager'] });
export const handle = { access };

const notFound = (staff: { headers: Headers; language: Language }) =>
  json(
    { code: 'NOT_FOUND', message: serverT(staff.language, 'staff')("We couldn't find that store.") },
    { status: 404, headers: staff.headers },
  );

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, access);
  const query = parseSearchParams(request, storePageQuerySchema, staff.language);
  const store = requireStaffAtStore(staff, query.store, ['manager']);
  const who = { staffId: staff.customerId, storeId: store.storeId, roles: store.roles };
  const page = await storeManagerPage(who, query, new Date(), staff.language);
  if (!page) throw notFound(staff);
  const headers = new Headers(staff.headers);
  headers.set('Cache-Control', 'no-store');
  const t = serverT(staff.language, 'staff');
  return json(
    {
      store,
      query,
      page,
      done: query.done ? t(MANAGER_DONE[query.done]) : null,
      i18n: pageStrings(staff.language, ['staff']),
    },
    { headers },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, access);
  const query = parseSearchParams(request, storePageQuerySchema, staff.language);
  const store = requireStaffAtStore(staff, query.store, ['manager']);
  const form = await parseForm(request, storeManagerActionSchema);
  const target = form.values.slotId ?? form.values.productId ?? form.values.messageId ?? null;
  const answer = (error: string, status: number) =>
    json({ error, target: typeof target === 'string' ? target : null }, { status, headers: staff.headers });
  if (!form.ok) return answer(serverT(staff.language, 'staff')(form.message), 400);
  const who = { staffId: staff.customerId, storeId: store.storeId, roles: store.roles };
  const outcome = await applyManagerAction(who, form.data, new Date(), staff.language);
  if (!outcome.ok) return answer(outcome.message, outcome.status);
  return redirect(storePageHref(query, DONE_OF[form.data.intent]), { headers: staff.headers });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(
    data ? t('Managing {{store}}', { store: data.store.storeName }) : t('Store'),
    t("The store's times, stock and undelivered messages."),
  );
};

export default function StoreManagerPage() {
  const { store, query, page, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const error = answer?.error ? { message: answer.error, target: answer.target } : null;
  const t = useT();
  return (
    <div className="container-page py-8">
      <Link to="/staff" className="text-sm font-semibold text-brand-dark hover:underline">
        ← {t('Your stores')}
      </Link>
      <div className="mt-3 flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-extrabold md:text-3xl">{t('Managing {{store}}', { store: store.storeName })}</h1>
        <Link to={`/staff/orders?store=${store.storeId}&show=all`} className="btn-outline">
          {t('The day’s orders')}
        </Link>
      </div>
      {done ? (
        <p role="status" className="mt-4 rounded-xl bg-green-50 p-3 text-sm font-semibold text-green-900">
          {done}
        </p>
      ) : null}
      {error && !error.target ? (
        <p
          role="alert"
          className="mt-4 rounded-xl border border-red-200 bg-red-50 p-3 text-sm font-semibold text-red-800"
        >
          {error.message}
        </p>
      ) : null}
      <ManagedSlotList query={query} slots={page.slots} error={error} />
      <StockSearch query={query} search={page.search} error={error} />
      <DeadLetterList deadLetters={page.deadLetters} error={error} />
    </div>
  );
}

export const ErrorBoundary = StaffErrorPage;
