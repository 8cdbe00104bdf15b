import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { pageAccess, PUBLIC_PAGE, pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { pageStrings } from '~/modules/i18n/translations.server';
import { requireUserType } from '~/modules/access/shopper.server';
import { resetKeepMeSignedInUser } from '~/modules/identity/keep-me-signed-in.server';

/** The sign-in error page. Spec: it resets the keep-me-signed-in user. */
export const access = pageAccess({ allowedUserTypes: PUBLIC_PAGE, escapeSSO: true });
export const handle = { access };

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const headers = new Headers(shopper.headers);
  // No silent sign-on straight back into the session that just failed.
  for (const cookie of await resetKeepMeSignedInUser(shopper.cookie)) headers.append('Set-Cookie', cookie);
  return json({ i18n: pageStrings(shopper.language, ['account']) }, { headers });
}

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(t('Sign-in problem'), t('Signing in did not work this time; try again or reset your password.'));
};

export default function SignInErrorPage() {
  const t = useT();
  return (
    <div className="container-page max-w-md py-16 text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand">IAUC408</p>
      <h1 className="mt-2 text-2xl font-extrabold">{t("We couldn't sign you in")}</h1>
      <p className="mt-2 text-stone-600">{t('The sign-in took too long or was interrupted. Please try again.')}</p>
      <Link to="/account/sign-in.html" className="btn-primary mt-6">
        {t('Try again')}
      </Link>
    </div>
  );
}
