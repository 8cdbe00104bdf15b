import type { BannerDefinition } from '~/modules/banners/banner-catalog';
import { button, codeBlock, frame, paragraph, textFrame } from './mail-layout';
import type { ParsedMessageData, RenderedMessage } from './message-kinds';

/** Sign-in, verification and account-security messages. Subjects are the ones shoppers (and tests) know. */

function greeting(firstName: string): string {
  return firstName ? `Hi ${firstName},` : 'Hi,';
}

export function signInCode(banner: BannerDefinition, data: ParsedMessageData<'sign-in-code'>): RenderedMessage {
  const subject = `Your sign-in code is ${data.code}`;
  const lead = `Your one-time sign-in code is ${data.code}. It expires in ${data.minutes} minutes.`;
  const ignore = "If you didn't ask for it, you can ignore this message.";
  return {
    subject,
    text: textFrame(banner, [`${lead} ${ignore}`]),
    html: frame(
      banner,
      subject,
      paragraph(`Your one-time sign-in code for ${banner.name}:`) +
        codeBlock(banner, data.code) +
        paragraph(`It expires in ${data.minutes} minutes. ${ignore}`),
    ),
  };
}

export function verificationCode(
  banner: BannerDefinition,
  data: ParsedMessageData<'verification-code'>,
): RenderedMessage {
  const subject = `Your verification code is ${data.code}`;
  const lead = `Use ${data.code} to verify your ${data.target}. It expires in ${data.minutes} minutes.`;
  return {
    subject,
    text: textFrame(banner, [lead]),
    html: frame(
      banner,
      subject,
      paragraph(`Use this code to verify your ${data.target}:`) +
        codeBlock(banner, data.code) +
        paragraph(`It expires in ${data.minutes} minutes.`),
    ),
  };
}

export function passwordReset(banner: BannerDefinition, data: ParsedMessageData<'password-reset'>): RenderedMessage {
  const subject = 'Reset your password';
  const ignore = "If you didn't ask to reset it, you can ignore this message: your password stays as it is.";
  return {
    subject,
    text: textFrame(banner, [
      `Use this link within ${data.minutes} minutes to choose a new password: ${data.link}`,
      '',
      ignore,
    ]),
    html: frame(
      banner,
      subject,
      paragraph(`Use this link within ${data.minutes} minutes to choose a new password.`) +
        button(banner, 'Choose a new password', data.link) +
        paragraph(ignore),
    ),
  };
}

export function welcome(banner: BannerDefinition, data: ParsedMessageData<'welcome'>): RenderedMessage {
  const subject = 'Welcome to Pantry';
  const lead = `Your ${banner.name} account is ready and you are signed in.`;
  return {
    subject,
    text: textFrame(banner, [`${lead} Sign in any time at ${data.signInUrl}`]),
    html: frame(banner, subject, paragraph(lead) + button(banner, 'Sign in', data.signInUrl)),
  };
}

export function accountExists(banner: BannerDefinition, data: ParsedMessageData<'account-exists'>): RenderedMessage {
  const subject = 'Someone tried to create an account with your email';
  // One account signs in on every banner, so it is a Pantry account, not one banner's.
  const lead = 'You already have a Pantry account, so no new one was made.';
  const ignore = 'If it was not you, you can ignore this message.';
  return {
    subject,
    text: textFrame(banner, [
      `${lead} If this was you, sign in at ${data.signInUrl} or reset your password at ${data.resetUrl}. ${ignore}`,
    ]),
    html: frame(
      banner,
      subject,
      paragraph(`${lead} If this was you, sign in or reset your password.`) +
        button(banner, 'Sign in', data.signInUrl) +
        button(banner, 'Reset your password', data.resetUrl) +
        paragraph(ignore),
    ),
  };
}

export function emailChanged(banner: BannerDefinition, data: ParsedMessageData<'email-changed'>): RenderedMessage {
  const subject = 'Your sign-in email was changed';
  const lead = `${greeting(data.firstName)} the email address you sign in with is now ${data.newEmail}.`;
  const act = "If you didn't make this change, reset your password and contact us.";
  return {
    subject,
    text: textFrame(banner, [`${lead} ${act}`]),
    html: frame(banner, subject, paragraph(lead) + paragraph(act)),
  };
}

export function passwordChanged(
  banner: BannerDefinition,
  data: ParsedMessageData<'password-changed'>,
): RenderedMessage {
  const subject = 'Your password was changed';
  const lead = `${greeting(data.firstName)} your ${banner.name} password was just changed.`;
  const act = "If you didn't make this change, reset your password and contact us.";
  return {
    subject,
    text: textFrame(banner, [`${lead} ${act}`]),
    html: frame(banner, subject, paragraph(lead) + paragraph(act)),
  };
}
