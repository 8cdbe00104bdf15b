import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import type { Shopper } from '~/modules/access/shopper';
import { queueWeeklyOffers } from '~/modules/customers/marketing-email.server';
import { languageCookie, languageOfCookie } from '~/modules/i18n/language.server';
import type { Language } from '~/modules/i18n/languages';
import { chooseLanguage, languageAtSignIn, preferredLanguage } from '~/modules/i18n/preferred-language.server';
import { queueMessage } from '~/modules/mail/queue.server';
import { forgetCachedStores } from '~/modules/stores/stores.server';
import { createSeededTestDatabase, DIALECTS, type TestDatabase } from './support/databases';

const ORIGIN = 'http://localhost:3000';
const JORDAN = { id: 500001, email: 'jordan@pantry.test' };
const BARTHOLOMEW = { id: 500002, email: 'bartholomew@pantry.test' };
const COOKIE = { siteType: 'C' as const, secure: false };

/** What the language switch and sign-in read of a shopper: the cookie context, and who is signed in. */
function shopper(customerId: number | null): Shopper {
  return {
    userType: customerId ? 'C' : 'G',
    customer: customerId ? { customerId: String(customerId) } : null,
    cookie: COOKIE,
  } as unknown as Shopper;
}

/** A request carrying the language cookie a Set-Cookie header wrote (or none). */
function requestWith(setCookie: string | null): Request {
  const headers = new Headers();
  if (setCookie) headers.set('Cookie', setCookie.split(';')[0]!);
  return new Request(`${ORIGIN}/account/sign-in.html`, { headers });
}

async function cookieLanguage(setCookie: string | null): Promise<Language | null> {
  return languageOfCookie(requestWith(setCookie), 'C');
}

describe.each(DIALECTS)('the customer’s language on %s', (dialect) => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createSeededTestDatabase(dialect, { products: 300 });
    useDatabaseForTests(test);
    forgetCachedStores();
  });
  beforeEach(async () => {
    await test.db.updateTable('customers').set({ preferred_language: null }).execute();
    await test.db.deleteFrom('outbox').execute();
  });
  afterAll(async () => {
    useDatabaseForTests(undefined);
    forgetCachedStores();
    await test?.drop();
  });

  const setLanguage = (id: number, language: Language | null) =>
    test.db.updateTable('customers').set({ preferred_language: language }).where('id', '=', id).execute();

  describe('at sign-in', () => {
    it('saves a language chosen in this browser before signing in to the profile, and sets no cookie', async () => {
      const chosen = await languageCookie('es', COOKIE);
      expect(await languageAtSignIn(requestWith(chosen), shopper(null), JORDAN.id)).toBeNull();
      expect(await preferredLanguage(JORDAN.id)).toBe('es');
    });

    it('lets this browser’s choice replace the one the profile kept', async () => {
      await setLanguage(JORDAN.id, 'es');
      const chosen = await languageCookie('en', COOKIE);
      expect(await languageAtSignIn(requestWith(chosen), shopper(null), JORDAN.id)).toBeNull();
      expect(await preferredLanguage(JORDAN.id)).toBe('en');
    });

    it('sets the cookie from the profile when this browser chose no language', async () => {
      await setLanguage(JORDAN.id, 'es');
      const setCookie = await languageAtSignIn(requestWith(null), shopper(null), JORDAN.id);
      expect(setCookie).toBeTruthy();
      expect(await cookieLanguage(setCookie)).toBe('es');
      expect(await preferredLanguage(JORDAN.id)).toBe('es');
    });

    it('changes nothing when neither the browser nor the profile has a language', async () => {
      expect(await languageAtSignIn(requestWith(null), shopper(null), JORDAN.id)).toBeNull();
      expect(await preferredLanguage(JORDAN.id)).toBeNull();
    });

    it('ignores a language cookie whose signature does not check, and takes the profile’s', async () => {
      await setLanguage(JORDAN.id, 'es');
      const chosen = await languageCookie('en', COOKIE);
      const forged = chosen.replace(/^([^=]+=)[^;]*/, '$1en');
      const setCookie = await languageAtSignIn(requestWith(forged), shopper(null), JORDAN.id);
      expect(await cookieLanguage(setCookie)).toBe('es');
      expect(await preferredLanguage(JORDAN.id)).toBe('es');
    });
  });

  describe('the language switch', () => {
    it('saves a signed-in customer’s choice to the profile and in the cookie', async () => {
      const setCookie = await chooseLanguage(shopper(JORDAN.id), 'es');
      expect(await cookieLanguage(setCookie)).toBe('es');
      expect(await preferredLanguage(JORDAN.id)).toBe('es');
      expect(await preferredLanguage(BARTHOLOMEW.id)).toBeNull();
    });

    it('keeps a guest’s choice in the cookie alone', async () => {
      const setCookie = await chooseLanguage(shopper(null), 'es');
      expect(await cookieLanguage(setCookie)).toBe('es');
      const saved = await test.db
        .selectFrom('customers')
        .select('id')
        .where('preferred_language', 'is not', null)
        .execute();
      expect(saved).toEqual([]);
    });
  });

  describe('messages', () => {
    const outbox = (messageId: string) =>
      test.db.selectFrom('outbox').selectAll().where('message_id', '=', messageId).executeTakeFirstOrThrow();
    const signInCode = (to: string) =>
      queueMessage(test.db, { kind: 'sign-in-code', to, bannerId: 'greenleaf', data: { code: '123456', minutes: 10 } });

    it('writes a one-time code in Spanish to a customer who prefers it, in English to one with no preference', async () => {
      await setLanguage(JORDAN.id, 'es');
      const spanish = await outbox(await signInCode(JORDAN.email));
      expect(spanish.subject).toBe('Su código para iniciar sesión es 123456');
      expect(spanish.body).toContain('Vence en 10 minutos.');
      expect(spanish.html_body).toContain('<html lang="es">');

      const english = await outbox(await signInCode(BARTHOLOMEW.email));
      expect(english.subject).toBe('Your sign-in code is 123456');
      expect(english.body).toContain('It expires in 10 minutes.');
      expect(english.html_body).toContain('<html lang="en">');
    });

    it('writes an address that is no customer’s in English', async () => {
      const row = await outbox(await signInCode('nobody@pantry.test'));
      expect(row.subject).toBe('Your sign-in code is 123456');
    });

    it('writes the weekly offers in the customer’s language', async () => {
      await setLanguage(JORDAN.id, 'es');
      const spanish = await outbox((await queueWeeklyOffers(JORDAN.id, ORIGIN))!);
      expect(spanish.subject).toMatch(/^Las ofertas de esta semana en /);
      expect(spanish.body).toContain('Cancelar la suscripción a los correos de ofertas');
      await setLanguage(JORDAN.id, null);
      const english = await outbox((await queueWeeklyOffers(JORDAN.id, ORIGIN))!);
      expect(english.subject).toMatch(/^This week's offers at /);
    });
  });
});
