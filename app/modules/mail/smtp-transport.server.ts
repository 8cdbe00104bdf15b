import nodemailer from 'nodemailer';
import { mailConfig } from '~/modules/config/env.server';
import { bannerDefinition } from '~/modules/banners/banner-catalog';

/** One outbox row, as the worker hands it to the transport. */
export interface OutgoingMessage {
  messageId: string;
  recipient: string;
  subject: string;
  text: string;
  html: string | null;
  bannerId: string | null;
  /** A marketing message's unsubscribe link: List-Unsubscribe with one-click POST (RFC 8058). */
  unsubscribeUrl?: string | null;
}

type Transporter = ReturnType<typeof nodemailer.createTransport>;
let cached: { key: string; transporter: Transporter } | undefined;

/**
 * nodemailer over SMTP_URL: smtp:// upgrades with STARTTLS whenever the server offers it (a failed upgrade is an
 * error, never a quiet fall back to plain text); smtps:// is TLS from the first byte. Every wait is bounded
 * well inside the lease, so a hung server ends the attempt before another process may claim the message.
 */
function transporter(url: string, leaseMs: number): Transporter {
  const key = `${url} ${leaseMs}`;
  if (cached?.key !== key) {
    cached?.transporter.close();
    const wait = Math.max(50, Math.floor(leaseMs / 4));
    cached = {
      key,
      transporter: nodemailer.createTransport({
        url,
        connectionTimeout: wait,
        greetingTimeout: wait,
        socketTimeout: wait,
        // Never a debug log: it would carry the message, codes and links included.
        logger: false,
        debug: false,
      }),
    };
  }
  return cached.transporter;
}

/** The Message-ID header for an outbox message id: the same id on every attempt, so a repeat is recognisable. */
export function smtpMessageId(messageId: string, from: string): string {
  const domain = from.split('@')[1] ?? 'pantry.localhost';
  return `<${messageId}@${domain}>`;
}

export async function sendOverSmtp(message: OutgoingMessage): Promise<void> {
  const config = mailConfig();
  if (!config.SMTP_URL) throw new Error('SMTP_URL is not set');
  const bannerName = (message.bannerId && bannerDefinition(message.bannerId)?.name) || 'Pantry';
  await transporter(config.SMTP_URL, config.MAIL_LEASE_MS).sendMail({
    from: { name: bannerName, address: config.MAIL_FROM },
    to: message.recipient,
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    messageId: smtpMessageId(message.messageId, config.MAIL_FROM),
    headers: {
      'X-Pantry-Message-Id': message.messageId,
      ...(message.unsubscribeUrl
        ? {
            'List-Unsubscribe': `<${message.unsubscribeUrl}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          }
        : {}),
    },
  });
}

/** Closes the pooled connections (a graceful stop). */
export function closeSmtp() {
  cached?.transporter.close();
  cached = undefined;
}
