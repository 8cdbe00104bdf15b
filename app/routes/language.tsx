import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { z } from 'zod';
import { loadShopper, redirectPolicy } from '~/modules/access/shopper.server';
import { safeRedirect } from '~/modules/access/safe-redirect';
import { apiRoute } from '~/modules/http/api.server';
import { parseForm } from '~/modules/http/forms.server';
import { originOf } from '~/modules/http/request-origin';
import { LANGUAGES } from '~/modules/i18n/languages';
import { chooseLanguage, withoutLanguageParam } from '~/modules/i18n/preferred-language.server';

const LanguageForm = z.object({
  language: z.enum(LANGUAGES),
  returnTo: z.string().max(2048).optional(),
});

/** The same-origin page a form without returnTo was posted from. */
function refererPath(request: Request): string | null {
  const referer = request.headers.get('Referer');
  if (!referer) return null;
  try {
    const url = new URL(referer);
    return url.origin === originOf(request) ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}

/** POST /language: the language switch in the header and the footer (a plain form, so it works without JavaScript). */
async function actionHandler({ request }: ActionFunctionArgs) {
  const shopper = await loadShopper(request);
  const form = await parseForm(request, LanguageForm);
  if (!form.ok) throw new Response(form.message, { status: 400 });
  const headers = new Headers(shopper.headers);
  headers.append('Set-Cookie', await chooseLanguage(shopper, form.data.language));
  const back = safeRedirect(form.data.returnTo ?? refererPath(request) ?? '/', redirectPolicy());
  return redirect(withoutLanguageParam(back), { headers });
}

async function loaderHandler() {
  return redirect('/');
}

export const loader = apiRoute(loaderHandler);
export const action = apiRoute(actionHandler);
