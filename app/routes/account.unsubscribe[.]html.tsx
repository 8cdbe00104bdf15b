import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { pageAccess, PUBLIC_PAGE, pageMeta } from '~/components/page-essentials';
import { requireUserType } from '~/modules/access/shopper.server';
import { UNSUBSCRIBE_INVALID, unsubscribe, unsubscribeTarget } from '~/modules/customers/marketing-email.server';
import { z } from 'zod';
import { parseForm } from '~/modules/http/forms.server';

/**
 * The unsubscribe link of every marketing email (decision 0100): anyone holding the signed link may use it, with no
 * sign-in. GET only asks (a mail scanner that follows links changes nothing); the button's POST, or a mail client's
 * one-click POST (RFC 8058, `List-Unsubscribe=One-Click`) to the same address, unsubscribes.
 */
export const access = pageAccess({ allowedUserTypes: PUBLIC_PAGE, escapeSSO: true });
export const handle = { access };

/** The address carries the customer's link: never cached, never indexed. */
export const headers: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' });

const tokenOf = (request: Request) => new URL(request.url).searchParams.get('t');

/** The page's button sends nothing; a mail client's one-click POST sends `List-Unsubscribe=One-Click` (RFC 8058). */
const UnsubscribeForm = z.object({ 'List-Unsubscribe': z.literal('One-Click').optional() }).strict();

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const target = await unsubscribeTarget(tokenOf(request));
  if (!target) return json({ error: UNSUBSCRIBE_INVALID, target: null }, { status: 400, headers: shopper.headers });
  return json({ error: null, target }, { headers: shopper.headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const form = await parseForm(request, UnsubscribeForm);
  if (!form.ok) return json({ error: form.message, done: null }, { status: 400, headers: shopper.headers });
  const done = await unsubscribe(tokenOf(request));
  if (!done) return json({ error: UNSUBSCRIBE_INVALID, done: null }, { status: 400, headers: shopper.headers });
  return json({ error: null, done }, { headers: shopper.headers });
}

export const meta: MetaFunction = () => [
  ...pageMeta('Unsubscribe', 'Stop offers emails from us.'),
  { name: 'robots', content: 'noindex' },
];

export default function UnsubscribePage() {
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const error = posted?.error ?? loaded.error;
  const target = loaded.target;
  return (
    <div className="container-page max-w-xl py-16">
      <div className="card p-6 text-center">
        {error ? (
          <>
            <h1 className="text-2xl font-extrabold">We could not read this link</h1>
            <p className="mt-2 text-stone-700" role="alert" data-testid="unsubscribe-error">
              {error}
            </p>
          </>
        ) : posted?.done || target?.unsubscribed ? (
          <>
            <h1 className="text-2xl font-extrabold">You are unsubscribed</h1>
            <p className="mt-2 text-stone-700" data-testid="unsubscribe-done">
              {posted?.done?.email ?? target?.email} will get no more offers emails from us. Order, delivery and account
              emails still come, because they are about what you asked for.
            </p>
          </>
        ) : (
          <>
            <h1 className="text-2xl font-extrabold">Stop offers emails?</h1>
            <p className="mt-2 text-stone-700">
              We will stop sending weekly offers to {target?.email}. Order, delivery and account emails still come.
            </p>
            <form method="post" className="mt-6">
              <button type="submit" className="btn-primary px-8 py-3 text-base" data-testid="unsubscribe-button">
                Unsubscribe
              </button>
            </form>
          </>
        )}
        <a href="/" className="btn-outline mt-6">
          Go to the storefront
        </a>
      </div>
    </div>
  );
}
