import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { AccountNav } from '~/components/AccountNav';
import { ErrorAlert, StatusNotice } from '~/components/Alerts';
import { PasskeyEnrolment } from '~/components/PasskeyEnrolment';
import { pageAccess, SIGN_IN_PATH, pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { pageStrings, serverT } from '~/modules/i18n/translations.server';
import { INTL_LOCALE, type Language } from '~/modules/i18n/languages';
import { requireUserType } from '~/modules/access/shopper.server';
import { subscriptionKeys } from '~/modules/config/env.server';
import { withHeaders } from '~/modules/http/api.server';
import { parseForm } from '~/modules/http/forms.server';
import { changeEmail, changePassword, changePhone, signInDetails } from '~/modules/customers/sign-in-details.server';
import { hasRecentSignIn, requireRecentSignIn } from '~/modules/identity/elevated-sign-in.server';
import { confirmPasswordUrl } from '~/modules/identity/elevation';
import { listFactors, removeFactor } from '~/modules/passkeys/factors.server';
import { relyingPartyFor } from '~/modules/passkeys/relying-party.server';

/** Sign-in & security: passkeys, email, phone and password. Signed-in customers only. */
export const access = pageAccess({ allowedUserTypes: ['C'], redirections: { DEFAULT: SIGN_IN_PATH } });
export const handle = { access };

const SECURITY_PAGE = '/account/security.html';

const SecurityForm = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('email'),
    email: z.string().trim().toLowerCase().email('Enter a valid email address.').max(254),
  }),
  z.object({ intent: z.literal('phone'), phone: z.string().trim().min(1, 'Enter a phone number.').max(20) }),
  z.object({
    intent: z.literal('password'),
    password: z.string().min(1, 'Enter a new password.').max(200),
    confirm: z.string().max(200),
  }),
  z.object({ intent: z.literal('remove-passkey'), factorId: z.string().min(1).max(64) }),
]);
type Intent = z.infer<typeof SecurityForm>['intent'];

const formatDate = (iso: string, language: Language) =>
  new Date(iso).toLocaleDateString(INTL_LOCALE[language], {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const customerId = Number(shopper.customer!.customerId);
  const [details, factors] = await Promise.all([signInDetails(customerId), listFactors(customerId)]);
  if (!details) throw json({ message: 'We could not find your account.' }, { status: 404 });
  return json(
    {
      ...details,
      uuid: shopper.customer!.uuid ?? '',
      host: relyingPartyFor(request).rpId,
      recent: hasRecentSignIn(shopper),
      confirmHref: confirmPasswordUrl(SECURITY_PAGE),
      // The factor calls' banner and subscription key (decision 0085): it names this storefront as the calling
      // application; the customer's bearer token stays in its HttpOnly cookie.
      service: { banner: shopper.host.bannerId, subscriptionKey: subscriptionKeys()[0]! },
      passkeys: factors
        .filter((factor) => factor.status === 'ACTIVE')
        .map((factor) => ({
          id: factor.id,
          name: factor.name,
          created: formatDate(factor.created, shopper.language),
          lastUsed: factor.lastUsed ? formatDate(factor.lastUsed, shopper.language) : null,
        })),
      i18n: pageStrings(shopper.language, ['account']),
    },
    { headers: withHeaders(shopper.headers, { 'Cache-Control': 'private, no-store' }) },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const form = await parseForm(request, SecurityForm);
  const t = serverT(shopper.language, 'account');
  if (!form.ok) {
    return json({ intent: null, ok: false, message: t(form.message) }, { status: 400, headers: shopper.headers });
  }
  // Every change here needs a recent elevated sign-in; otherwise confirm the password and come back.
  requireRecentSignIn(shopper, SECURITY_PAGE);
  const customerId = Number(shopper.customer!.customerId);
  const input = form.data;
  const result =
    input.intent === 'email'
      ? await changeEmail(customerId, input.email)
      : input.intent === 'phone'
        ? await changePhone(customerId, input.phone)
        : input.intent === 'password'
          ? await changePassword(customerId, input.password, input.confirm, shopper.customer!.gid)
          : await removeFactor(customerId, input.factorId).then((removed) =>
              removed.ok
                ? { ok: true as const, message: 'The passkey was removed.' }
                : { ok: false as const, message: removed.message },
            );
  // The new address is part of its message: that one is rebuilt from its wording's key.
  const message =
    input.intent === 'email' && result.ok && result.message.startsWith('Your email address is now ')
      ? t('Your email address is now {{email}}.', { email: input.email })
      : t(result.message);
  return json(
    { intent: input.intent as Intent | null, ok: result.ok, message },
    { status: result.ok ? 200 : 400, headers: shopper.headers },
  );
}

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(t('Sign-in & security'), t('Your password, passkeys and how you sign in.'));
};

const inputClass = 'mt-1 block w-full rounded-xl border border-stone-300 px-3 py-2 text-base font-normal';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const t = useT();
  return (
    <section className="card p-5" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-lg font-bold">
        {t(title)}
      </h2>
      {children}
    </section>
  );
}

export default function SecurityPage() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const t = useT();
  const busyIntent = navigation.state !== 'idle' ? navigation.formData?.get('intent') : null;
  const outcomeFor = (intent: Intent) =>
    result && result.intent === intent ? (
      result.ok ? (
        <StatusNotice>{result.message}</StatusNotice>
      ) : (
        <ErrorAlert id={`${intent}-error`}>{result.message}</ErrorAlert>
      )
    ) : null;
  const submit = (intent: Intent, label: string) => (
    <button type="submit" name="intent" value={intent} className="btn-primary" disabled={busyIntent === intent}>
      {busyIntent === intent ? t('Saving…') : t(label)}
    </button>
  );

  return (
    <div className="container-page max-w-3xl py-8">
      <h1 className="text-2xl font-extrabold md:text-3xl">{t('Sign-in & security')}</h1>
      <AccountNav />
      {result && result.intent === null ? <ErrorAlert>{result.message}</ErrorAlert> : null}
      {!data.recent ? (
        <p className="mt-4 rounded-xl bg-amber-50 p-3 text-sm text-amber-900" data-testid="confirm-notice">
          {t("For your security, you'll confirm your password before changing anything here.")}{' '}
          <Link to={data.confirmHref} className="font-semibold underline">
            {t('Confirm now')}
          </Link>
        </p>
      ) : null}
      <div className="mt-6 grid gap-4">
        <Section id="passkeys" title="Passkeys">
          <p className="mt-1 text-sm text-stone-600">
            {t(
              'Sign in with your fingerprint, face or screen lock instead of a password. A passkey works only on the site where you made it ({{host}}).',
              { host: data.host },
            )}
          </p>
          {outcomeFor('remove-passkey')}
          {data.passkeys.length === 0 ? (
            <p className="mt-3 text-sm text-stone-600" data-testid="no-passkeys">
              {t('You have no passkeys yet.')}
            </p>
          ) : (
            <ul className="mt-3 divide-y divide-stone-100" aria-label={t('Your passkeys')}>
              {data.passkeys.map((passkey) => (
                <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="text-sm">
                    <p className="font-semibold">{passkey.name}</p>
                    <p className="text-stone-600">
                      {t('Added {{day}}', { day: passkey.created })} ·{' '}
                      {passkey.lastUsed ? t('Last used {{day}}', { day: passkey.lastUsed }) : t('Not used yet')}
                    </p>
                  </div>
                  <Form method="post">
                    <input type="hidden" name="factorId" value={passkey.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="remove-passkey"
                      className="btn-outline"
                      aria-label={t('Remove passkey {{name}}', { name: passkey.name })}
                    >
                      {t('Remove')}
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          )}
          <PasskeyEnrolment
            uuid={data.uuid}
            recent={data.recent}
            confirmHref={data.confirmHref}
            service={data.service}
          />
        </Section>

        <Section id="email" title="Email">
          <p className="mt-1 text-sm text-stone-600">
            {t('You sign in with')} <strong>{data.email}</strong>
            {data.emailVerified ? ` ${t('(verified)')}` : ''}.
          </p>
          {outcomeFor('email')}
          <Form method="post" className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
            <label className="grow text-sm font-semibold" htmlFor="new-email">
              {t('New email')}
              <input id="new-email" name="email" type="email" autoComplete="email" required className={inputClass} />
            </label>
            {submit('email', 'Change email')}
          </Form>
        </Section>

        <Section id="phone" title="Phone">
          <p className="mt-1 text-sm text-stone-600">
            {data.phone
              ? t('Your phone number ends in {{digits}}.', { digits: data.phone.slice(-4) })
              : t('No phone number yet.')}
          </p>
          {outcomeFor('phone')}
          <Form method="post" className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
            <label className="grow text-sm font-semibold" htmlFor="new-phone">
              {t('New phone')}
              <input id="new-phone" name="phone" type="tel" autoComplete="tel" required className={inputClass} />
            </label>
            {submit('phone', 'Change phone')}
          </Form>
        </Section>

        <Section id="password" title="Password">
          <p className="mt-1 text-sm text-stone-600">{t('At least 8 characters, with a letter and a number.')}</p>
          {outcomeFor('password')}
          <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2">
            <label className="text-sm font-semibold" htmlFor="new-password">
              {t('New password')}
              <input
                id="new-password"
                name="password"
                type="password"
                autoComplete="new-password"
                required
                minLength={8}
                maxLength={128}
                className={inputClass}
              />
            </label>
            <label className="text-sm font-semibold" htmlFor="confirm-new-password">
              {t('Repeat new password')}
              <input
                id="confirm-new-password"
                name="confirm"
                type="password"
                autoComplete="new-password"
                required
                className={inputClass}
              />
            </label>
            <div className="flex flex-col sm:col-span-2 sm:flex-row">{submit('password', 'Change password')}</div>
          </Form>
        </Section>

        <Section id="linked-apps" title="Linked apps">
          <p className="mt-1 text-sm text-stone-600">
            {t('Assistants and other apps you allowed to use your account.')}{' '}
            <Link to="/account/linked-apps.html" className="font-semibold text-brand underline">
              {t('See and revoke linked apps')}
            </Link>
          </p>
        </Section>
      </div>
    </div>
  );
}
