import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';

/** Where scripts/e2e-server.ts's SMTP server drops what the storefront sent. */
const MAIL_DIR = path.resolve('.cache/e2e-mail');

async function received(): Promise<ParsedMail[]> {
  const files = readdirSync(MAIL_DIR).filter((name) => name.endsWith('.eml'));
  return Promise.all(files.map((name) => simpleParser(readFileSync(path.join(MAIL_DIR, name)))));
}

function addressedTo(mail: ParsedMail, email: string): boolean {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.some((list) => list.value.some((entry) => entry.address?.toLowerCase() === email.toLowerCase()));
}

/** Waits until the SMTP server has received a message to `email` whose subject matches, and returns it. */
export async function mailTo(email: string, subject: RegExp): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await received()).find((mail) => addressedTo(mail, email) && subject.test(mail.subject ?? ''));
        return found !== undefined;
      },
      { message: `a message to ${email} matching ${subject}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}
