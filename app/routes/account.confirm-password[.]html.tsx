import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { z } from 'zod';
import { ErrorAlert } from '~/components/Alerts';
import { pageAccess, SIGN_IN_PATH, pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { pageStrings, serverT } from '~/modules/i18n/translations.server';
import { redirectPolicy, requireUserType } from '~/modules/access/shopper.server';
import { safeRedirect } from '~/modules/access/safe-redirect';
import { parseForm } from '~/modules/http/forms.server';
import { withHeaders } from '~/modules/http/api.server';
import { confirmPassword } from '~/modules/identity/elevated-sign-in.server';

/** The elevated sign-in step before a sensitive change (docs/decisions/0014): signed-in customers only. */
export const access = pageAccess({ allowedUserTypes: ['C'], redirections: { DEFAULT: SIGN_IN_PATH } });
export const handle = { access };

const ConfirmForm = z.object({
  password: z.string().min(1, 'Enter your password.').max(200),
  goto: z.string().max(2048).optional(),
});

const SECURITY_PAGE = '/account/security.html';

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const goto = safeRedirect(new URL(request.url).searchParams.get('goto') ?? SECURITY_PAGE, redirectPolicy());
  return json(
    { goto, firstName: shopper.customer?.firstName ?? '', i18n: pageStrings(shopper.language, ['account']) },
    { headers: withHeaders(shopper.headers, { 'Cache-Control': 'private, no-store' }) },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const form = await parseForm(request, ConfirmForm);
  const t = serverT(shopper.language, 'account');
  if (!form.ok) return json({ error: t(form.message) }, { status: 400, headers: shopper.headers });
  const goto = safeRedirect(form.data.goto ?? SECURITY_PAGE, redirectPolicy());
  const outcome = await confirmPassword(request, shopper, { password: form.data.password, goto });
  if (!outcome.ok) return json({ error: t(outcome.message) }, { status: outcome.status, headers: shopper.headers });
  const headers = new Headers(shopper.headers);
  for (const cookie of outcome.setCookies) headers.append('Set-Cookie', cookie);
  return redirect(outcome.redirectTo, { headers });
}

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(t('Confirm your password'), t('Confirm your password to change your sign-in and security settings.'));
};

export default function ConfirmPasswordPage() {
  const { goto, firstName } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  const t = useT();
  return (
    <div className="container-page max-w-md py-10">
      <div className="card p-6">
        <h1 className="text-2xl font-extrabold">{t('Confirm your password')}</h1>
        <p className="mt-1 text-sm text-stone-600">
          {firstName
            ? t(
                "{{firstName}}, for your security, please enter your password before changing how you sign in. You won't be asked again for 10 minutes.",
                { firstName },
              )
            : t(
                "For your security, please enter your password before changing how you sign in. You won't be asked again for 10 minutes.",
              )}
        </p>
        {result?.error ? <ErrorAlert id="confirm-error">{result.error}</ErrorAlert> : null}
        <Form method="post" className="mt-5 grid gap-4">
          <input type="hidden" name="goto" value={goto} />
          <label className="text-sm font-semibold" htmlFor="confirm-password">
            {t('Password')}
            <input
              id="confirm-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              autoFocus
              aria-describedby={result?.error ? 'confirm-error' : undefined}
              className="mt-1 block w-full rounded-xl border border-stone-300 px-3 py-2 text-base font-normal"
            />
          </label>
          <button type="submit" className="btn-primary py-3 text-base" disabled={busy}>
            {busy ? t('Please wait…') : t('Confirm')}
          </button>
        </Form>
        <p className="mt-4 text-sm">
          <a href={goto} className="font-semibold text-brand underline">
            {t('Cancel')}
          </a>
        </p>
      </div>
    </div>
  );
}
