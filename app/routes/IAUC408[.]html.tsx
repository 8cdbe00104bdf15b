import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { pageAccess, PUBLIC_PAGE, pageMeta } from '~/components/page-essentials';
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
  return json(null, { headers });
}

export const meta: MetaFunction = () =>
  pageMeta('Sign-in problem', 'Signing in did not work this time; try again or reset your password.');

export default function SignInErrorPage() {
  return (
    <div className="container-page max-w-md py-16 text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand">IAUC408</p>
      <h1 className="mt-2 text-2xl font-extrabold">We couldn't sign you in</h1>
      <p className="mt-2 text-stone-600">The sign-in took too long or was interrupted. Please try again.</p>
      <Link to="/account/sign-in.html" className="btn-primary mt-6">
        Try again
      </Link>
    </div>
  );
}
