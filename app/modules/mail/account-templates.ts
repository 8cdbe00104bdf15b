import type { BannerDefinition } from '~/modules/banners/banner-catalog';
import { button, codeBlock, frame, paragraph, textFrame, type MailWords } from './mail-layout';
import type { ParsedMessageData, RenderedMessage } from './message-kinds';

/** Sign-in, verification and account-security messages. Subjects are the ones shoppers (and tests) know. */

function greeting(firstName: string, { t }: MailWords): string {
  return firstName ? t('Hi {{firstName}},', { firstName }) : t('Hi,');
}

export function signInCode(
  banner: BannerDefinition,
  data: ParsedMessageData<'sign-in-code'>,
  words: MailWords,
): RenderedMessage {
  const { t } = words;
  const subject = t('Your sign-in code is {{code}}', { code: data.code });
  const lead = t('Your one-time sign-in code is {{code}}. It expires in {{minutes}} minutes.', {
    code: data.code,
    minutes: data.minutes,
  });
  const ignore = t("If you didn't ask for it, you can ignore this message.");
  return {
    subject,
    text: textFrame(banner, [`${lead} ${ignore}`], words),
    html: frame(
      banner,
      subject,
      paragraph(t('Your one-time sign-in code for {{banner}}:', { banner: banner.name })) +
        codeBlock(banner, data.code) +
        paragraph(`${t('It expires in {{minutes}} minutes.', { minutes: data.minutes })} ${ignore}`),
      words,
    ),
  };
}

export function verificationCode(
  banner: BannerDefinition,
  data: ParsedMessageData<'verification-code'>,
  words: MailWords,
): RenderedMessage {
  const { t } = words;
  const target = t(data.target);
  const subject = t('Your verification code is {{code}}', { code: data.code });
  const lead = t('Use {{code}} to verify your {{target}}. It expires in {{minutes}} minutes.', {
    code: data.code,
    target,
    minutes: data.minutes,
  });
  return {
    subject,
    text: textFrame(banner, [lead], words),
    html: frame(
      banner,
      subject,
      paragraph(t('Use this code to verify your {{target}}:', { target })) +
        codeBlock(banner, data.code) +
        paragraph(t('It expires in {{minutes}} minutes.', { minutes: data.minutes })),
      words,
    ),
  };
}

export function passwordReset(
  banner: BannerDefinition,
  data: ParsedMessageData<'password-reset'>,
  words: MailWords,
): RenderedMessage {
  const { t } = words;
  const subject = t('Reset your password');
  const ignore = t("If you didn't ask to reset it, you can ignore this message: your password stays as it is.");
  return {
    subject,
    text: textFrame(
      banner,
      [
        t('Use this link within {{minutes}} minutes to choose a new password: {{link}}', {
          minutes: data.minutes,
          link: data.link,
        }),
        '',
        ignore,
      ],
      words,
    ),
    html: frame(
      banner,
      subject,
      paragraph(t('Use this link within {{minutes}} minutes to choose a new password.', { minutes: data.minutes })) +
        button(banner, t('Choose a new password'), data.link) +
        paragraph(ignore),
      words,
    ),
  };
}

export function welcome(
  banner: BannerDefinition,
  data: ParsedMessageData<'welcome'>,
  words: MailWords,
): RenderedMessage {
  const { t } = words;
  const subject = t('Welcome to Pantry');
  const lead = t('Your {{banner}} account is ready and you are signed in.', { banner: banner.name });
  return {
    subject,
    text: textFrame(banner, [`${lead} ${t('Sign in any time at {{url}}', { url: data.signInUrl })}`], words),
    html: frame(banner, subject, paragraph(lead) + button(banner, t('Sign in'), data.signInUrl), words),
  };
}

export function accountExists(
  banner: BannerDefinition,
  data: ParsedMessageData<'account-exists'>,
  words: MailWords,
): RenderedMessage {
  const { t } = words;
  const subject = t('Someone tried to create an account with your email');
  // One account signs in on every banner, so it is a Pantry account, not one banner's.
  const lead = t('You already have a Pantry account, so no new one was made.');
  const ignore = t('If it was not you, you can ignore this message.');
  return {
    subject,
    text: textFrame(
      banner,
      [
        `${lead} ${t('If this was you, sign in at {{signInUrl}} or reset your password at {{resetUrl}}.', {
          signInUrl: data.signInUrl,
          resetUrl: data.resetUrl,
        })} ${ignore}`,
      ],
      words,
    ),
    html: frame(
      banner,
      subject,
      paragraph(`${lead} ${t('If this was you, sign in or reset your password.')}`) +
        button(banner, t('Sign in'), data.signInUrl) +
        button(banner, t('Reset your password'), data.resetUrl) +
        paragraph(ignore),
      words,
    ),
  };
}

export function emailChanged(
  banner: BannerDefinition,
  data: ParsedMessageData<'email-changed'>,
  words: MailWords,
): RenderedMessage {
  const { t } = words;
  const subject = t('Your sign-in email was changed');
  const lead = `${greeting(data.firstName, words)} ${t('the email address you sign in with is now {{email}}.', {
    email: data.newEmail,
  })}`;
  const act = t("If you didn't make this change, reset your password and contact us.");
  return {
    subject,
    text: textFrame(banner, [`${lead} ${act}`], words),
    html: frame(banner, subject, paragraph(lead) + paragraph(act), words),
  };
}

export function passwordChanged(
  banner: BannerDefinition,
  data: ParsedMessageData<'password-changed'>,
  words: MailWords,
): RenderedMessage {
  const { t } = words;
  const subject = t('Your password was changed');
  const lead = `${greeting(data.firstName, words)} ${t('your {{banner}} password was just changed.', {
    banner: banner.name,
  })}`;
  const act = t("If you didn't make this change, reset your password and contact us.");
  return {
    subject,
    text: textFrame(banner, [`${lead} ${act}`], words),
    html: frame(banner, subject, paragraph(lead) + paragraph(act), words),
  };
}
