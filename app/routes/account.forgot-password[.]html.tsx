import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { pageAccess, pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { pageStrings, serverT } from '~/modules/i18n/translations.server';
import { requireUserType } from '~/modules/access/shopper.server';
import { clientKey } from '~/modules/http/client-key.server';
import { parseForm } from '~/modules/http/forms.server';
import { requestPasswordReset } from '~/modules/identity/password-reset.server';
import { originOf } from '~/modules/http/request-origin';
import { ErrorAlert, StatusNotice } from '~/components/Alerts';

export const access = pageAccess({
  allowedUserTypes: ['A', 'G', 'R'],
  redirections: { DEFAULT: '/' },
  escapeSSO: true,
});
export const handle = { access };

const ForgotForm = z.object({
  email: z.string().trim().toLowerCase().email('Enter the email address of your account.').max(254),
  source: z.enum(['web', 'health']).default('web'),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const url = new URL(request.url);
  return json(
    {
      expired: url.searchParams.has('expired'),
      source: url.searchParams.get('source') === 'health' ? 'health' : 'web',
      i18n: pageStrings(shopper.language, ['account']),
    },
    { headers: shopper.headers },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const form = await parseForm(request, ForgotForm);
  if (!form.ok)
    return json(
      { error: serverT(shopper.language, 'account')(form.message), sent: null },
      { status: 400, headers: shopper.headers },
    );
  await requestPasswordReset({
    email: form.data.email,
    origin: originOf(request),
    source: form.data.source,
    clientKey: clientKey(request, shopper.session?.info.COMMON.deviceId),
  });
  // The same answer whether or not the account exists.
  return json({ error: null, sent: form.data.email }, { headers: shopper.headers });
}

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(t('Reset your password'), t('Get a link by email to choose a new password for your account.'));
};

export default function ForgotPasswordPage() {
  const { expired, source } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  return (
    <div className="container-page max-w-md py-10">
      <div className="card p-6">
        <h1 className="text-2xl font-extrabold">{t('Reset your password')}</h1>
        {expired ? (
          <ErrorAlert>{t('That reset link has expired or was already used. Ask for a new one below.')}</ErrorAlert>
        ) : null}
        {result?.error ? <ErrorAlert>{result.error}</ErrorAlert> : null}
        {result?.sent ? (
          <StatusNotice>
            {t(
              'If an account exists for {{email}}, we sent it a link to reset the password. It works for 30 minutes.',
              { email: result.sent },
            )}
          </StatusNotice>
        ) : (
          <Form method="post" className="mt-5 grid gap-4">
            <input type="hidden" name="source" value={source} />
            <label className="text-sm font-semibold">
              {t('Email')}
              <input
                name="email"
                type="email"
                autoComplete="username"
                required
                className="mt-1 block w-full rounded-xl border border-stone-300 px-3 py-2 text-base font-normal"
              />
            </label>
            <button type="submit" className="btn-primary py-3 text-base">
              {t('Email me a reset link')}
            </button>
          </Form>
        )}
      </div>
    </div>
  );
}
