import { db } from '~/db/db.server';
import type { Shopper } from '~/modules/access/shopper';
import { isLanguage, LANGUAGE_PARAM, type Language } from './languages';
import { languageCookie, languageOfCookie } from './language.server';

/** The language kept with a customer's profile, or null when they never chose one. */
export async function preferredLanguage(customerId: number): Promise<Language | null> {
  const row = await db()
    .selectFrom('customers')
    .select('preferred_language')
    .where('id', '=', customerId)
    .executeTakeFirst();
  return isLanguage(row?.preferred_language) ? row.preferred_language : null;
}

export async function savePreferredLanguage(customerId: number, language: Language): Promise<void> {
  await db().updateTable('customers').set({ preferred_language: language }).where('id', '=', customerId).execute();
}

/**
 * The shopper picked a language: the cookie remembers it in this browser, and a signed-in customer's profile keeps
 * it for every other browser they sign in on.
 */
export async function chooseLanguage(shopper: Shopper, language: Language): Promise<string> {
  if (shopper.userType === 'C' && shopper.customer)
    await savePreferredLanguage(Number(shopper.customer.customerId), language);
  return languageCookie(language, shopper.cookie);
}

/**
 * At sign-in the choice follows the customer both ways: a language chosen in this browser before signing in goes
 * into the profile; with none chosen here, the profile's sets the cookie. Returns the cookie to set, if any.
 */
export async function languageAtSignIn(request: Request, shopper: Shopper, customerId: number): Promise<string | null> {
  const chosenHere = await languageOfCookie(request, shopper.cookie.siteType);
  if (chosenHere) {
    await savePreferredLanguage(customerId, chosenHere);
    return null;
  }
  const kept = await preferredLanguage(customerId);
  return kept ? languageCookie(kept, shopper.cookie) : null;
}

/** Where a language switch sends the shopper back to: the same page, without a `?lng=` that would override it. */
export function withoutLanguageParam(path: string): string {
  const absolute = /^https?:\/\//i.test(path);
  const url = new URL(path, 'http://localhost');
  url.searchParams.delete(LANGUAGE_PARAM);
  return absolute ? url.toString() : `${url.pathname}${url.search}${url.hash}`;
}
