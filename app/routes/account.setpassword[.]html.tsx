import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, useActionData } from '@remix-run/react';
import { z } from 'zod';
import { pageAccess, pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { pageStrings, serverT } from '~/modules/i18n/translations.server';
import type { Language } from '~/modules/i18n/languages';
import { withNotice } from '~/modules/identity/notices';
import { requireUserType } from '~/modules/access/shopper.server';
import { parseForm } from '~/modules/http/forms.server';
import { completePasswordReset, resetTokenIsUsable } from '~/modules/identity/password-reset.server';
import { passwordProblem } from '~/modules/identity/password-rules';
import { startAuthorization } from '~/modules/identity/sign-in.server';
import { keepsSignedIn } from '~/modules/identity/keep-me-signed-in.server';
import { clearCookie, readSignedCookie } from '~/modules/session/session-cookie.server';
import { ErrorAlert } from '~/components/Alerts';

/** Spec: reachable only with the one-time set-password cookie, which is consumed on use. */
export const access = pageAccess({ allowedUserTypes: ['A', 'G', 'R', 'C'], escapeSSO: true });
export const handle = { access };

const HEALTH_APP_TARGET = '/pharmacy/create-account.html?sendToHealthApp=true';
const tokenCookie = (value: unknown) =>
  value && typeof value === 'object' && typeof (value as { token?: unknown }).token === 'string'
    ? (value as { token: string }).token
    : null;

const SetPasswordForm = z
  .object({ password: z.string().max(200), confirm: z.string().max(200) })
  .superRefine((value, ctx) => {
    const problem = passwordProblem(value.password);
    if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['password'], message: problem });
    else if (value.password !== value.confirm)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['confirm'], message: 'The two passwords are different.' });
  });

async function setPasswordToken(request: Request, siteType: 'C' | 'B') {
  const read = await readSignedCookie(request, 'setPassword', siteType, tokenCookie);
  return read.status === 'ok' && (await resetTokenIsUsable(read.value)) ? read.value : null;
}

const accessDenied = (shopper: { language: Language; headers: Headers }) =>
  json(
    {
      message: serverT(
        shopper.language,
        'account',
      )('Access denied. Open the link from your reset email to choose a new password.'),
    },
    { status: 403, headers: shopper.headers },
  );

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  if (!(await setPasswordToken(request, shopper.cookie.siteType))) throw accessDenied(shopper);
  return json({ i18n: pageStrings(shopper.language, ['account']) }, { headers: shopper.headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const token = await setPasswordToken(request, shopper.cookie.siteType);
  if (!token) throw accessDenied(shopper);
  const form = await parseForm(request, SetPasswordForm);
  if (!form.ok)
    return json(
      { error: serverT(shopper.language, 'account')(form.message) },
      { status: 400, headers: shopper.headers },
    );
  const reset = await completePasswordReset(token, form.data.password, keepsSignedIn(shopper.flags, true));
  if (!reset) throw accessDenied(shopper);
  const goto = reset.source === 'health' ? HEALTH_APP_TARGET : withNotice('/', 'password-updated');
  const start = await startAuthorization(request, shopper, { sessionToken: reset.sessionToken, goto, remember: true });
  const headers = new Headers(shopper.headers);
  headers.append('Set-Cookie', await clearCookie('setPassword', shopper.cookie));
  headers.append('Set-Cookie', start.setCookie);
  return redirect(start.redirectTo, { headers });
}

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(t('Choose a new password'), t('Choose a new password for your account.'));
};

export default function SetPasswordPage() {
  const result = useActionData<typeof action>();
  const t = useT();
  const inputClass = 'mt-1 block w-full rounded-xl border border-stone-300 px-3 py-2 text-base font-normal';
  return (
    <div className="container-page max-w-md py-10">
      <div className="card p-6">
        <h1 className="text-2xl font-extrabold">{t('Choose a new password')}</h1>
        {result?.error ? <ErrorAlert>{result.error}</ErrorAlert> : null}
        <Form method="post" className="mt-5 grid gap-4">
          <label className="text-sm font-semibold">
            {t('New password')}
            <input name="password" type="password" autoComplete="new-password" required className={inputClass} />
          </label>
          <label className="text-sm font-semibold">
            {t('Confirm the new password')}
            <input name="confirm" type="password" autoComplete="new-password" required className={inputClass} />
          </label>
          <p className="text-xs text-stone-500">{t('At least 8 characters, with a letter and a number.')}</p>
          <button type="submit" className="btn-primary py-3 text-base">
            {t('Save password and sign in')}
          </button>
        </Form>
      </div>
    </div>
  );
}
