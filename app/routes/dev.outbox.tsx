import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { pageAccess, PUBLIC_PAGE, pageMeta } from '~/components/page-essentials';
import { requireUserType } from '~/modules/access/shopper.server';
import { developmentPagesAllowed } from '~/modules/config/environment.server';
import { withHeaders } from '~/modules/http/api.server';
import { latestOutbox } from '~/modules/mail/queue.server';

/** Outside production: the messages Pantry "sent" (one-time codes, reset links). */
export const access = pageAccess({ allowedUserTypes: PUBLIC_PAGE, escapeSSO: true });
export const handle = { access };

/** The document keeps the loader's no-store: what was just sent must never come from a page cache. */
export const headers: HeadersFunction = ({ loaderHeaders }) => ({
  'Cache-Control': loaderHeaders.get('Cache-Control') ?? 'no-store',
});

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  if (!developmentPagesAllowed(shopper.host.environment)) throw json({ message: 'No such page' }, { status: 404 });
  const messages = await latestOutbox(50);
  return json({ messages }, { headers: withHeaders(shopper.headers, { 'Cache-Control': 'no-store' }) });
}

export const meta: MetaFunction = () =>
  pageMeta('Outbox (development)', 'Messages the store would send, listed for local testing.');

export default function OutboxPage() {
  const { messages } = useLoaderData<typeof loader>();
  return (
    <div className="container-page max-w-3xl py-8">
      <h1 className="text-2xl font-extrabold">Outbox</h1>
      <p className="text-sm text-stone-600">
        Messages the store emailed or texted: with SMTP_URL set they are also sent (status sent), otherwise the outbox
        is their only delivery (status outbox). Not shown in production.
      </p>
      <ul className="mt-4 grid gap-3">
        {messages.map((message) => (
          <li key={message.id} className="card p-4" data-testid="outbox-message">
            <p className="text-xs text-stone-500">
              {message.channel} to <span data-testid="outbox-recipient">{message.recipient}</span> ·{' '}
              {message.created_at} · <span data-testid="outbox-status">{message.status}</span>
            </p>
            <p className="font-semibold" data-testid="outbox-subject">
              {message.subject}
            </p>
            <p className="text-sm">{message.body}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
