import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { z } from 'zod';
import { AccountNav } from '~/components/AccountNav';
import { ErrorAlert, StatusNotice } from '~/components/Alerts';
import { pageAccess, SIGN_IN_PATH, pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { pageStrings, serverT } from '~/modules/i18n/translations.server';
import { INTL_LOCALE, type Language } from '~/modules/i18n/languages';
import { requireUserType } from '~/modules/access/shopper.server';
import { withHeaders } from '~/modules/http/api.server';
import { parseForm } from '~/modules/http/forms.server';
import { linkedClients, unlinkClient } from '~/modules/identity/linked-clients.server';

/** Linked apps (signed-in customers): the clients they allowed into their account, each with a way to revoke it. */
export const access = pageAccess({ allowedUserTypes: ['C'], redirections: { DEFAULT: SIGN_IN_PATH } });
export const handle = { access };

const PAGE = '/account/linked-apps.html';
const UNLINKED_MESSAGE = 'The app was unlinked. It can no longer reach your account.';
const NOT_LINKED_MESSAGE = 'We could not find that linked app. It may have been unlinked already.';

const PageQuery = z.object({ done: z.literal('unlinked').optional().catch(undefined) });
const RevokeForm = z.object({ intent: z.literal('revoke'), grantId: z.string().min(1).max(100) });

const formatDate = (iso: string, language: Language) =>
  new Date(iso).toLocaleDateString(INTL_LOCALE[language], {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const query = PageQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  const clients = await linkedClients(Number(shopper.customer!.customerId));
  return json(
    {
      clients: clients.map((client) => ({ ...client, linkedOn: formatDate(client.linkedAt, shopper.language) })),
      done: query.done ? UNLINKED_MESSAGE : null,
      i18n: pageStrings(shopper.language, ['account']),
    },
    { headers: withHeaders(shopper.headers, { 'Cache-Control': 'private, no-store' }) },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const form = await parseForm(request, RevokeForm);
  const t = serverT(shopper.language, 'account');
  if (!form.ok) return json({ message: t(form.message) }, { status: 400, headers: shopper.headers });
  // Only the customer's own grants: any other id is unknown here.
  if (!(await unlinkClient(Number(shopper.customer!.customerId), form.data.grantId)))
    return json({ message: t(NOT_LINKED_MESSAGE) }, { status: 404, headers: shopper.headers });
  return redirect(`${PAGE}?done=unlinked`, { headers: shopper.headers });
}

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(t('Linked apps'), t('Apps you allowed to use your account, and how to remove them.'));
};

export default function LinkedAppsPage() {
  const { clients, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  const t = useT();
  return (
    <div className="container-page max-w-3xl py-8">
      <h1 className="text-2xl font-extrabold md:text-3xl">{t('Linked apps')}</h1>
      <AccountNav />
      {answer ? <ErrorAlert>{answer.message}</ErrorAlert> : done ? <StatusNotice>{t(done)}</StatusNotice> : null}
      <p className="mt-6 text-sm text-stone-600">
        {t(
          'Apps you allowed to use your Pantry account, such as an assistant. Revoke one and it is signed out at once.',
        )}
      </p>
      {clients.length === 0 ? (
        <p className="mt-4 rounded-2xl border border-dashed border-stone-300 p-6 text-center text-stone-600">
          {t('No apps are linked to your account.')}
        </p>
      ) : (
        <ul className="mt-4 grid gap-3" aria-label={t('Your linked apps')}>
          {clients.map((client) => (
            <li key={client.grantId} className="card p-5" data-testid="linked-app">
              <h2 className="text-lg font-bold">{client.name}</h2>
              <p className="text-sm text-stone-600">{t('Linked {{day}}', { day: client.linkedOn })}</p>
              <p className="mt-2 text-sm font-semibold">{t('It can reach:')}</p>
              <ul className="ml-5 list-disc text-sm">
                {client.access.map((line) => (
                  <li key={line}>{t(line)}</li>
                ))}
              </ul>
              <Form method="post" className="mt-3">
                <input type="hidden" name="grantId" value={client.grantId} />
                <button
                  type="submit"
                  name="intent"
                  value="revoke"
                  className="btn-outline"
                  disabled={busy}
                  aria-label={t('Revoke {{name}}', { name: client.name })}
                >
                  {t('Revoke')}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
