import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { StaffPickLine } from '~/components/StaffPickLine';
import { pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { StaffErrorPage } from '~/components/StaffErrorPage';
import { STAFF_ROLES, staffAccess } from '~/modules/access/staff-access';
import { requireStaff, requireStaffAtStore, type StaffMember } from '~/modules/access/staff.server';
import { takeStep } from '~/modules/fulfilment/hand-over.server';
import { LINE_REFUSALS } from '~/modules/fulfilment/line-rules';
import { claimOrder } from '~/modules/fulfilment/order-queue.server';
import { FULFILMENT_REFUSALS, statusLabel } from '~/modules/fulfilment/order-states';
import { pickList } from '~/modules/fulfilment/pick-list.server';
import { recordPick } from '~/modules/fulfilment/picking.server';
import {
  handOverStepOf,
  orderNumberParam,
  pickInputOf,
  pickListQuerySchema,
  STEP_BUTTONS,
  staffOrderActionSchema,
} from '~/modules/fulfilment/staff-forms';
import { parseForm, parseSearchParams } from '~/modules/http/forms.server';
import { originOf } from '~/modules/http/request-origin';
import { pageStrings, serverT } from '~/modules/i18n/translations.server';

/** One order's pick list in aisle order: pick, weigh, substitute or mark short; then stage and hand over. */
export const access = staffAccess({ roles: STAFF_ROLES });
export const handle = { access };

const REFUSALS = { ...FULFILMENT_REFUSALS, ...LINE_REFUSALS };
const notFound = (staff: StaffMember) =>
  json(
    { code: 'NOT_FOUND', message: serverT(staff.language, 'staff')(FULFILMENT_REFUSALS.NOT_FOUND) },
    { status: 404, headers: staff.headers },
  );

function staffAtStore(staff: StaffMember, request: Request, params: LoaderFunctionArgs['params']) {
  const query = parseSearchParams(request, pickListQuerySchema, staff.language);
  const store = requireStaffAtStore(staff, query.store, STAFF_ROLES);
  const orderNumber = orderNumberParam.safeParse(params.orderNumber);
  if (!orderNumber.success) throw notFound(staff);
  return {
    store,
    orderNumber: orderNumber.data,
    who: { staffId: staff.customerId, storeId: store.storeId, roles: store.roles },
  };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, access);
  const { store, orderNumber, who } = staffAtStore(staff, request, params);
  const order = await pickList(who, orderNumber, new Date(), staff.language);
  if (!order) throw notFound(staff);
  const headers = new Headers(staff.headers);
  headers.set('Cache-Control', 'no-store');
  return json({ store, order, i18n: pageStrings(staff.language, ['staff']) }, { headers });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, access);
  const { store, orderNumber, who } = staffAtStore(staff, request, params);
  const form = await parseForm(request, staffOrderActionSchema);
  const t = serverT(staff.language, 'staff');
  if (!form.ok) return json({ error: t(form.message), productId: null }, { status: 400, headers: staff.headers });
  const pick = pickInputOf(form.data);
  const step = handOverStepOf(form.data);
  const origin = originOf(request);
  const result = pick
    ? await recordPick(who, orderNumber, pick, new Date(), origin)
    : step
      ? await takeStep(who, orderNumber, step, new Date(), origin)
      : await claimOrder(who, orderNumber);
  if (!result.ok)
    return json(
      { error: t(REFUSALS[result.code]), productId: pick?.productId ?? null },
      { status: result.code === 'NOT_FOUND' ? 404 : 409, headers: staff.headers },
    );
  const back = `/staff/orders/${orderNumber}?store=${store.storeId}`;
  return redirect(pick ? `${back}#line-${pick.productId}` : back, { headers: staff.headers });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(
    data ? t('Order {{number}}', { number: data.order.orderNumber }) : t('Order'),
    t('Pick list and hand-over of an order.'),
  );
};

export default function StaffPickListPage() {
  const { store, order } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const t = useT();
  return (
    <div className="container-page py-8">
      <Link
        to={`/staff/orders?store=${store.storeId}`}
        className="text-sm font-semibold text-brand-dark hover:underline"
      >
        ← {t('Orders at {{store}}', { store: store.storeName })}
      </Link>
      <div className="mt-3 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold md:text-3xl">
            {t('Order {{number}}', { number: order.orderNumber })}
          </h1>
          <p className="mt-1 text-stone-700" data-testid="staff-order-status">
            {t(statusLabel(order.status))} · {order.pickup ? 'DriveUp & Go' : t('Delivery')} · {order.slotLabel}
            {order.businessOrder ? ` · ${t('Business order')}` : ''}
          </p>
          {order.address ? (
            <p className="text-sm text-stone-700">{t('Deliver to {{address}}', { address: order.address })}</p>
          ) : null}
          {order.instructions ? (
            <p className="text-sm text-stone-700" data-testid="staff-order-instructions">
              {t('Delivery instructions: {{instructions}}', { instructions: order.instructions })}
            </p>
          ) : null}
        </div>
        <Link
          to={`/staff/orders/${order.orderNumber}?store=${store.storeId}`}
          className="text-sm font-semibold underline"
        >
          {t('Refresh')}
        </Link>
      </div>
      {answer?.error && answer.productId === null ? (
        <p
          role="alert"
          className="mt-4 rounded-xl border border-red-200 bg-red-50 p-3 text-sm font-semibold text-red-800"
        >
          {answer.error}
        </p>
      ) : null}
      {order.checkIn ? (
        <p className="mt-4 rounded-xl bg-green-50 p-3 font-semibold text-green-900" data-testid="staff-check-in">
          {t('The shopper checked in at {{time}}: parking spot {{spot}}.', {
            time: order.checkIn.at,
            spot: order.checkIn.spot ?? '',
          })}
        </p>
      ) : null}
      {order.canClaim ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="claim" />
          <button type="submit" className="btn-primary">
            {t('Claim this order')}
          </button>
        </Form>
      ) : null}
      {order.canPick ? (
        <p className="mt-4 text-sm text-stone-700" role="status">
          {order.open === 0
            ? t('Every line is done.')
            : t('{{open}} of {{total}} lines to go.', { open: order.open, total: order.lines.length })}
          {order.waiting > 0 ? ` ${t('Waiting for the shopper on {{count}}.', { count: order.waiting })}` : ''}
        </p>
      ) : null}
      <ol className="mt-4 flex flex-col gap-3" aria-label={t('Pick list in aisle order')}>
        {order.lines.map((line) => (
          <StaffPickLine
            key={line.productId}
            line={line}
            canPick={order.canPick}
            error={answer?.productId === line.productId ? answer.error : null}
          />
        ))}
      </ol>
      {order.steps.length > 0 ? (
        <div className="mt-6 flex flex-wrap gap-3" aria-label={t('Hand-over')}>
          {order.steps.map((step) => (
            <Form method="post" key={step}>
              <input type="hidden" name="intent" value={step} />
              <button type="submit" className="btn-primary">
                {t(STEP_BUTTONS[step])}
              </button>
            </Form>
          ))}
        </div>
      ) : null}
    </div>
  );
}

export const ErrorBoundary = StaffErrorPage;
