import type { KoaContextWithOIDC } from 'oidc-provider';
import spanishAccount from '../app/locales/es/account.json';
import { languageOfHeader } from '../app/modules/i18n/accept-language.server';
import { isLanguage, LANGUAGES, type Language } from '../app/modules/i18n/languages';
import { translator, type Strings, type T } from '../app/modules/i18n/translate';

/**
 * The language of the provider's own pages (decision 0117). The provider runs on another origin and cannot read the
 * storefront's language cookie: the storefront names its page's language in OpenID Connect's `ui_locales` on every
 * authorization and logout request; without one (or with none Pantry speaks), Accept-Language decides, then English.
 */
export const UI_LOCALES_SUPPORTED = [...LANGUAGES];

/** `ui_locales` is a space-separated list of BCP 47 tags, most preferred first; a few are read, by primary tag. */
export function languageOfUiLocales(value: unknown): Language | null {
  if (typeof value !== 'string') return null;
  for (const tag of value.trim().split(/\s+/).slice(0, 8)) {
    const primary = tag.split('-')[0]!.toLowerCase();
    if (isLanguage(primary)) return primary;
  }
  return null;
}

export async function providerLanguage(uiLocales: unknown, acceptLanguage: string | undefined): Promise<Language> {
  return languageOfUiLocales(uiLocales) ?? (await languageOfHeader(acceptLanguage));
}

/** A provider page's language: `ui_locales` of the request (or of the authorization it continues), else the header. */
export function pageLanguage(ctx: { get(name: string): string }, uiLocales?: unknown): Promise<Language> {
  const params = (ctx as Partial<KoaContextWithOIDC>).oidc?.params;
  return providerLanguage(uiLocales ?? params?.ui_locales, ctx.get('Accept-Language') || undefined);
}

/** The provider pages' own wording, keyed by the English text as the storefront's are (decision 0116). */
export const PROVIDER_SPANISH: Strings = {
  'Sign out of Pantry?': '¿Cerrar sesión en Pantry?',
  "This sign-out request didn't come from a Pantry page. Choose Sign out if you want to sign out.":
    'Esta solicitud para cerrar sesión no vino de una página de Pantry. Elija Cerrar sesión si quiere cerrar sesión.',
  'Sign out': 'Cerrar sesión',
  'Stay signed in': 'Mantener la sesión iniciada',
  'Signing you out…': 'Cerrando su sesión…',
  Continue: 'Continuar',
  'Sign-in problem': 'Problema al iniciar sesión',
  "We couldn't sign you in": 'No pudimos iniciar su sesión',
  'Sign-in failed': 'No se pudo iniciar sesión',
  'Back to the store': 'Volver a la tienda',
  'Switch accounts?': '¿Cambiar de cuenta?',
  "This browser is signed in as {{name}}. A sign-in with a different account was started. If you didn't start it, keep your account.":
    'Este navegador tiene la sesión iniciada como {{name}}. Se empezó a iniciar sesión con otra cuenta. Si no lo hizo usted, conserve su cuenta.',
  'another customer': 'otro cliente',
  'Sign out {{name}} and continue': 'Cerrar la sesión de {{name}} y continuar',
  'Keep me signed in as {{name}}': 'Mantener mi sesión como {{name}}',
  'Linking problem': 'Problema al vincular',
  "We couldn't link your account": 'No pudimos vincular su cuenta',
  'Go back to the app you were linking and start again.':
    'Vuelva a la aplicación que estaba vinculando y empiece de nuevo.',
  'This form must be sent from our own pages.': 'Este formulario debe enviarse desde nuestras propias páginas.',
  'Choose Allow or Deny.': 'Elija Permitir o Denegar.',
  'This request to link your account expired.': 'Esta solicitud para vincular su cuenta caducó.',
  'Link {{app}} to your Pantry account': 'Vincular {{app}} a su cuenta de Pantry',
  'Link {{app}} to your Pantry account?': '¿Vincular {{app}} a su cuenta de Pantry?',
  'You are signed in as {{name}} ({{email}}).': 'Inició sesión como {{name}} ({{email}}).',
  '{{app}} will get': '{{app}} obtendrá',
  'You can unlink it at any time in your account, under Sign-in & security, Linked apps.':
    'Puede desvincularla cuando quiera en su cuenta, en Inicio de sesión y seguridad, Aplicaciones vinculadas.',
  Allow: 'Permitir',
  Deny: 'Denegar',
};

/**
 * The translate function of a provider page. The consent page's list of what an app gets is the one the account's
 * Linked apps page shows (linked-client-access.ts), so its Spanish comes from the same account namespace.
 */
export function providerT(language: Language): T {
  return language === 'es' ? translator({ ...spanishAccount, ...PROVIDER_SPANISH }, 'es') : translator({}, 'en');
}
