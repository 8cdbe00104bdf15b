import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react';
import { z } from 'zod';
import { AccountNav } from '~/components/AccountNav';
import { ErrorAlert, StatusNotice } from '~/components/Alerts';
import { CUSTOMER_ONLY, pageAccess, SIGN_IN_PATH, pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { pageStrings, serverT } from '~/modules/i18n/translations.server';
import { requireUserType } from '~/modules/access/shopper.server';
import { withHeaders } from '~/modules/http/api.server';
import { parseForm } from '~/modules/http/forms.server';
import { METHOD_LABELS, nameFormSchema, VERIFY_CHANNELS, type VerifyChannel } from '~/modules/profile/profile-rules';
import { PREFERENCE_OF_METHOD } from '~/modules/profile/profile-payload';
import {
  confirmVerificationCode,
  customerProfile,
  recordPromptShown,
  sendVerificationCode,
  updateCustomerName,
} from '~/modules/profile/profile.server';
import { preferenceChoiceFor } from '~/modules/profile/profile-page.server';
import { PREFERENCES } from '~/modules/session/session-schema';
import { applyStoreChoice } from '~/modules/stores/store-choice-flow.server';
import { customerOccasions, saveOccasions } from '~/modules/offers/occasion-offers.server';
import { occasionsFormSchema } from '~/modules/customers/special-occasion-form';
import { fieldErrors } from '~/modules/customers/form-errors';
import { SpecialOccasionsForm } from '~/components/SpecialOccasionsForm';

/** The signed-in customer's profile: details, verification prompts and fulfilment preferences per banner. */
export const access = pageAccess({ allowedUserTypes: CUSTOMER_ONLY, redirections: { DEFAULT: SIGN_IN_PATH } });
export const handle = { access };

const PROFILE_PATH = '/account/profile.html';

const ProfileForm = z.discriminatedUnion('intent', [
  nameFormSchema,
  z.object({ intent: z.literal('preferences'), preference: z.enum(PREFERENCES, { message: 'Choose how you shop.' }) }),
  z.object({ intent: z.literal('send-code'), channel: z.enum(VERIFY_CHANNELS) }),
  z.object({
    intent: z.literal('confirm-code'),
    channel: z.enum(VERIFY_CHANNELS),
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'Enter the 6-digit code we sent you.'),
  }),
  z.object({ intent: z.literal('dismiss-prompt'), channel: z.enum(VERIFY_CHANNELS) }),
]);

type ActionAnswer =
  | { ok: true; intent: string; message: string; channel?: VerifyChannel; codeSent?: boolean }
  | {
      ok: false;
      intent: string;
      message: string;
      channel?: VerifyChannel;
      field?: string;
      codeSent?: boolean;
      /** The occasions form: a message per field, and what was typed (it comes back filled in). */
      errors?: Record<string, string>;
      values?: Record<string, string>;
    };

/** Flag enableSpecialOccasion off: the form is not there, and a post of it is refused (decision 0097). */
const OCCASIONS_OFF_MESSAGE = 'Birthdays and anniversaries are not part of your profile here.';

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const customerId = Number(shopper.customer!.customerId);
  const profile = await customerProfile(customerId);
  if (!profile) throw json({ message: 'We could not find your account.' }, { status: 404 });
  // emailPrompt180 / phonePrompt180: showing a prompt starts its 180 days.
  const prompts = { email: profile.emailPrompt180, phone: profile.phonePrompt180 };
  for (const channel of VERIFY_CHANNELS) if (prompts[channel]) await recordPromptShown(customerId, channel);
  const occasions = shopper.flags.enableSpecialOccasion ? await customerOccasions(customerId) : null;
  return json(
    { profile, prompts, bannerId: shopper.host.bannerId, occasions, i18n: pageStrings(shopper.language, ['account']) },
    { headers: withHeaders(shopper.headers, { 'Cache-Control': 'private, no-store' }) },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const customerId = Number(shopper.customer!.customerId);
  const posted = await parseForm(request, z.object({ intent: z.string().max(20) }).passthrough());
  const t = serverT(shopper.language, 'account');
  // What the shopper reads comes back in their language (a message already built in it is its own key).
  const reply = (answer: ActionAnswer, status = answer.ok ? 200 : 400) =>
    json(
      {
        ...answer,
        message: t(answer.message),
        ...('errors' in answer && answer.errors
          ? { errors: Object.fromEntries(Object.entries(answer.errors).map(([name, text]) => [name, t(text)])) }
          : {}),
      },
      { status, headers: shopper.headers },
    );
  if (posted.ok && posted.data.intent === 'occasions') {
    if (!shopper.flags.enableSpecialOccasion)
      return reply({ ok: false, intent: 'occasions', message: OCCASIONS_OFF_MESSAGE });
    const occasions = occasionsFormSchema.safeParse(posted.data);
    if (!occasions.success) {
      const { errors, message } = fieldErrors(occasions.error);
      const values: Record<string, string> = {};
      for (const name of ['birthdayMonth', 'birthdayDay', 'anniversaryMonth', 'anniversaryDay'])
        if (typeof posted.data[name] === 'string') values[name] = String(posted.data[name]).slice(0, 10);
      return reply({ ok: false, intent: 'occasions', message, errors, values });
    }
    await saveOccasions(customerId, occasions.data);
    return reply({ ok: true, intent: 'occasions', message: 'Your special days are saved.' });
  }
  const form = ProfileForm.safeParse(posted.ok ? posted.data : {});
  if (!form.success) {
    const issue = form.error.issues[0];
    const channel = posted.ok ? VERIFY_CHANNELS.find((c) => c === posted.data.channel) : undefined;
    return reply({
      ok: false,
      intent: posted.ok ? posted.data.intent : 'unknown',
      message: issue?.message ?? 'Please check the form.',
      field: issue?.path.join('.'),
      ...(channel ? { channel, codeSent: posted.ok && posted.data.intent === 'confirm-code' } : {}),
    });
  }
  const data = form.data;
  switch (data.intent) {
    case 'name': {
      await updateCustomerName(customerId, { firstName: data.firstName, lastName: data.lastName });
      return reply({ ok: true, intent: 'name', message: 'Your name is saved.' });
    }
    case 'preferences': {
      const choice = await preferenceChoiceFor(shopper, customerId, data.preference);
      if (!choice) return reply({ ok: false, intent: 'preferences', message: 'Choose a store first.' });
      const outcome = await applyStoreChoice(request, shopper, {
        ...choice,
        goto: PROFILE_PATH,
        returnTo: PROFILE_PATH,
      });
      if (!outcome.ok) return reply({ ok: false, intent: 'preferences', message: outcome.message });
      const headers = new Headers(shopper.headers);
      for (const cookie of outcome.setCookies) headers.append('Set-Cookie', cookie);
      return redirect(outcome.redirectTo, { headers });
    }
    case 'send-code': {
      const sent = await sendVerificationCode(customerId, data.channel, shopper.language);
      await recordPromptShown(customerId, data.channel);
      return sent.ok
        ? reply({
            ok: true,
            intent: 'send-code',
            channel: data.channel,
            codeSent: true,
            message:
              data.channel === 'email'
                ? t('We sent a 6-digit code to your email. It expires in 10 minutes.')
                : t('We sent a 6-digit code to your phone. It expires in 10 minutes.'),
          })
        : reply({ ok: false, intent: 'send-code', channel: data.channel, message: sent.message }, 429);
    }
    case 'confirm-code': {
      const confirmed = await confirmVerificationCode(customerId, data.channel, data.code);
      return confirmed.ok
        ? reply({
            ok: true,
            intent: 'confirm-code',
            channel: data.channel,
            message:
              data.channel === 'email' ? t('Your email address is verified.') : t('Your phone number is verified.'),
          })
        : reply({
            ok: false,
            intent: 'confirm-code',
            channel: data.channel,
            codeSent: true,
            field: 'code',
            message: confirmed.message,
          });
    }
    case 'dismiss-prompt': {
      await recordPromptShown(customerId, data.channel);
      return reply({
        ok: true,
        intent: 'dismiss-prompt',
        channel: data.channel,
        message: 'OK, we will remind you another time.',
      });
    }
  }
}

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(t('Your profile'), t('Your name, email, phone number and club card.'));
};

const inputClass =
  'mt-1 block w-full rounded-xl border border-stone-300 px-3 py-2 text-base font-normal focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/40';

function VerifiedBadge({ verified }: { verified: boolean }) {
  const t = useT();
  return verified ? (
    <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">{t('Verified')}</span>
  ) : (
    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
      {t('Not verified')}
    </span>
  );
}

function VerifyPrompt({ channel, target }: { channel: VerifyChannel; target: string }) {
  const t = useT();
  return (
    <section
      className="card mt-4 flex flex-col gap-3 border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between"
      aria-labelledby={`verify-${channel}-title`}
      data-testid={`verify-prompt-${channel}`}
    >
      <div>
        <h2 id={`verify-${channel}-title`} className="font-bold">
          {channel === 'email' ? t('Verify your email') : t('Verify your phone')}
        </h2>
        <p className="text-sm text-stone-700">
          {channel === 'email'
            ? t('Confirm {{target}} is your email address so we can reach you about your orders.', { target })
            : t('Confirm {{target}} is your phone number so we can reach you about your orders.', { target })}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Form method="post">
          <input type="hidden" name="channel" value={channel} />
          <button type="submit" name="intent" value="send-code" className="btn-primary">
            {t('Send code')}
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="channel" value={channel} />
          <button type="submit" name="intent" value="dismiss-prompt" className="btn-outline">
            {t('Not now')}
          </button>
        </Form>
      </div>
    </section>
  );
}

function CodeForm({ channel, error }: { channel: VerifyChannel; error: string | null }) {
  const t = useT();
  return (
    <Form
      method="post"
      className="card mt-4 flex flex-col gap-2 p-4 sm:flex-row sm:items-end"
      aria-label={channel === 'email' ? t('Confirm email') : t('Confirm phone')}
    >
      <input type="hidden" name="channel" value={channel} />
      <label className="text-sm font-semibold" htmlFor={`code-${channel}`}>
        {t('Verification code')}
        <input
          id={`code-${channel}`}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          className={inputClass}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `code-${channel}-error` : undefined}
        />
      </label>
      <button type="submit" name="intent" value="confirm-code" className="btn-primary">
        {t('Confirm')}
      </button>
    </Form>
  );
}

export default function ProfilePage() {
  const { profile, prompts, bannerId, occasions } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ActionAnswer | undefined;
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const t = useT();
  const busy = navigation.state !== 'idle' ? String(navigation.formData?.get('intent') ?? '') : '';
  const dismissed = answer?.ok && answer.intent === 'dismiss-prompt' ? answer.channel : null;
  const codeFor: VerifyChannel | null = answer?.codeSent && answer.channel ? answer.channel : null;
  const current = profile.preferences.find((prefs) => prefs.banner === bannerId) ?? null;
  const others = profile.preferences.filter((prefs) => prefs.banner !== bannerId);
  const currentPreference = current?.method ? PREFERENCE_OF_METHOD[current.method] : null;
  const changeStore = `/set-store.html?${new URLSearchParams({
    preference: currentPreference ?? 'Delivery',
    ...(current?.zipcode ? { zipcode: current.zipcode } : {}),
    goto: PROFILE_PATH,
  }).toString()}`;
  const notice = (intent: string) =>
    answer && answer.intent === intent ? (
      answer.ok ? (
        <StatusNotice>{answer.message}</StatusNotice>
      ) : (
        <ErrorAlert id={intent === 'confirm-code' ? `code-${answer.channel}-error` : undefined}>
          {answer.message}
        </ErrorAlert>
      )
    ) : null;

  return (
    <div className="container-page max-w-3xl py-8">
      <h1 className="text-2xl font-extrabold md:text-3xl">{t('Your profile')}</h1>
      <AccountNav />

      {VERIFY_CHANNELS.map((channel) =>
        prompts[channel] && dismissed !== channel && codeFor !== channel ? (
          <VerifyPrompt key={channel} channel={channel} target={channel === 'email' ? profile.email : profile.phone} />
        ) : null,
      )}
      {answer && !['name', 'preferences', 'occasions'].includes(answer.intent) ? (
        <div>{notice(answer.intent)}</div>
      ) : null}
      {codeFor ? <CodeForm channel={codeFor} error={answer && !answer.ok ? answer.message : null} /> : null}

      <section className="card mt-6 p-5" aria-labelledby="details-heading">
        <h2 id="details-heading" className="text-lg font-bold">
          {t('Your details')}
        </h2>
        <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2" aria-label={t('Your name')}>
          <label className="text-sm font-semibold" htmlFor="firstName">
            {t('First name')}
            <input
              id="firstName"
              name="firstName"
              defaultValue={profile.firstName}
              autoComplete="given-name"
              required
              maxLength={40}
              className={inputClass}
            />
          </label>
          <label className="text-sm font-semibold" htmlFor="lastName">
            {t('Last name')}
            <input
              id="lastName"
              name="lastName"
              defaultValue={profile.lastName}
              autoComplete="family-name"
              required
              maxLength={40}
              className={inputClass}
            />
          </label>
          <div className="sm:col-span-2">
            <button type="submit" name="intent" value="name" className="btn-primary">
              {busy === 'name' ? t('Saving…') : t('Save name')}
            </button>
          </div>
        </Form>
        {notice('name')}
        <dl className="mt-5 grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm">
          <dt className="text-stone-500">{t('Name')}</dt>
          <dd data-testid="profile-name" className="font-semibold">
            {profile.firstName} {profile.lastName}
          </dd>
          <dt className="text-stone-500">{t('Email')}</dt>
          <dd className="flex flex-wrap items-center gap-2" data-testid="profile-email">
            {profile.email} <VerifiedBadge verified={profile.emailVerified} />
            {!profile.emailVerified && !prompts.email ? (
              <Form method="post" className="inline">
                <input type="hidden" name="channel" value="email" />
                <button type="submit" name="intent" value="send-code" className="text-brand underline">
                  {t('Verify')}
                </button>
              </Form>
            ) : null}
          </dd>
          <dt className="text-stone-500">{t('Phone')}</dt>
          <dd className="flex flex-wrap items-center gap-2" data-testid="profile-phone">
            {profile.phone || t('No phone number')}{' '}
            {profile.phone ? <VerifiedBadge verified={profile.phoneVerified} /> : null}
            {profile.phone && !profile.phoneVerified && !prompts.phone ? (
              <Form method="post" className="inline">
                <input type="hidden" name="channel" value="phone" />
                <button type="submit" name="intent" value="send-code" className="text-brand underline">
                  {t('Verify')}
                </button>
              </Form>
            ) : null}
          </dd>
          <dt className="text-stone-500">{t('Club card')}</dt>
          <dd data-testid="profile-club-card">{profile.clubCard}</dd>
        </dl>
        <p className="mt-4 text-sm text-stone-600">
          {t('To change your email, phone or password, go to')}{' '}
          <Link to="/account/security.html" className="font-semibold text-brand underline">
            {t('Sign-in & security')}
          </Link>
          .
        </p>
      </section>

      {occasions ? (
        <SpecialOccasionsForm
          saved={occasions}
          answer={answer?.intent === 'occasions' ? answer : null}
          busy={busy === 'occasions'}
        />
      ) : null}

      <section className="card mt-6 p-5" aria-labelledby="preferences-heading">
        <h2 id="preferences-heading" className="text-lg font-bold">
          {t('How you shop')}
        </h2>
        {params.get('notice') === 'profile-updated' ? null : notice('preferences')}
        <Form
          key={`${current?.method}-${current?.storeId}`}
          method="post"
          className="mt-3"
          aria-label={t('Fulfilment preference')}
          data-testid={`preferences-${bannerId}`}
        >
          <fieldset>
            <legend className="text-sm font-semibold">
              {t('{{store}}: how would you like to shop?', { store: current?.bannerName ?? t('This store') })}
            </legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-3">
              {(['Delivery', 'Dug', 'J4U'] as const).map((value) => (
                <label
                  key={value}
                  className="flex cursor-pointer items-center gap-3 rounded-xl border border-stone-300 p-3 has-[:checked]:border-brand has-[:checked]:bg-brand-soft has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand"
                >
                  <input
                    type="radio"
                    name="preference"
                    value={value}
                    defaultChecked={currentPreference === value}
                    className="h-4 w-4 accent-[rgb(var(--brand))]"
                  />
                  <span className="font-semibold">
                    {t(METHOD_LABELS[value === 'Delivery' ? 'DELIVERY' : value === 'Dug' ? 'DUG' : 'J4U'])}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <p className="mt-3 text-sm text-stone-700" data-testid="preferred-store">
            {current?.storeName ? (
              <>
                {t('Store:')} <strong>{current.storeName}</strong>, {current.storeAddress}
                {current.zipcode ? ` · ${t('ZIP {{zipcode}}', { zipcode: current.zipcode })}` : ''}
              </>
            ) : (
              t('No store chosen yet.')
            )}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="submit" name="intent" value="preferences" className="btn-primary">
              {busy === 'preferences' ? t('Saving…') : t('Save preference')}
            </button>
            <Link to={changeStore} className="btn-outline">
              {t('Choose another store')}
            </Link>
          </div>
        </Form>
        {others.length > 0 ? (
          <>
            <h3 className="mt-6 text-sm font-bold">{t('At our other stores')}</h3>
            <ul className="mt-2 divide-y divide-stone-100 text-sm">
              {others.map((prefs) => (
                <li key={prefs.banner} className="py-2" data-testid={`preferences-${prefs.banner}`}>
                  <span className="font-semibold">{prefs.bannerName}</span>
                  {': '}
                  {prefs.method ? t(METHOD_LABELS[prefs.method]) : t('No method chosen')}
                  {prefs.storeName ? ` · ${prefs.storeName}` : ''}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
    </div>
  );
}
