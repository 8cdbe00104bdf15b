import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { pageAccess, PUBLIC_PAGE, pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { pageStrings } from '~/modules/i18n/translations.server';
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
  const i18n = pageStrings(shopper.language, ['account']);
  if (!target)
    return json({ error: UNSUBSCRIBE_INVALID, target: null, i18n }, { status: 400, headers: shopper.headers });
  return json({ error: null, target, i18n }, { headers: shopper.headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const form = await parseForm(request, UnsubscribeForm);
  if (!form.ok) return json({ error: form.message, done: null }, { status: 400, headers: shopper.headers });
  const done = await unsubscribe(tokenOf(request));
  if (!done) return json({ error: UNSUBSCRIBE_INVALID, done: null }, { status: 400, headers: shopper.headers });
  return json({ error: null, done }, { headers: shopper.headers });
}

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [...pageMeta(t('Unsubscribe'), t('Stop offers emails from us.')), { name: 'robots', content: 'noindex' }];
};

export default function UnsubscribePage() {
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const error = posted?.error ?? loaded.error;
  const target = loaded.target;
  const t = useT();
  return (
    <div className="container-page max-w-xl py-16">
      <div className="card p-6 text-center">
        {error ? (
          <>
            <h1 className="text-2xl font-extrabold">{t('We could not read this link')}</h1>
            <p className="mt-2 text-stone-700" role="alert" data-testid="unsubscribe-error">
              {t(error)}
            </p>
          </>
        ) : posted?.done || target?.unsubscribed ? (
          <>
            <h1 className="text-2xl font-extrabold">{t('You are unsubscribed')}</h1>
            <p className="mt-2 text-stone-700" data-testid="unsubscribe-done">
              {t(
                '{{email}} will get no more offers emails from us. Order, delivery and account emails still come, because they are about what you asked for.',
                { email: posted?.done?.email ?? target?.email ?? '' },
              )}
            </p>
          </>
        ) : (
          <>
            <h1 className="text-2xl font-extrabold">{t('Stop offers emails?')}</h1>
            <p className="mt-2 text-stone-700">
              {t('We will stop sending weekly offers to {{email}}. Order, delivery and account emails still come.', {
                email: target?.email ?? '',
              })}
            </p>
            <form method="post" className="mt-6">
              <button type="submit" className="btn-primary px-8 py-3 text-base" data-testid="unsubscribe-button">
                {t('Unsubscribe')}
              </button>
            </form>
          </>
        )}
        <a href="/" className="btn-outline mt-6">
          {t('Go to the storefront')}
        </a>
      </div>
    </div>
  );
}
