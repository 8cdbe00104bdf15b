import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { pageAccess, PUBLIC_PAGE } from '~/modules/access/page-access';
import { requireUserType } from '~/modules/access/shopper.server';

export const access = pageAccess({ allowedUserTypes: PUBLIC_PAGE, escapeSSO: true });
export const handle = { access };

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  return json(null, { headers: shopper.headers });
}

export const meta: MetaFunction = () => [{ title: 'Signed out' }];

export default function SignedOutPage() {
  return (
    <div className="container-page max-w-md py-16 text-center">
      <h1 className="text-2xl font-extrabold">You're signed out</h1>
      <p className="mt-2 text-stone-600">Your store is remembered for your next visit.</p>
      <div className="mt-6 flex justify-center gap-3">
        <Link to="/" className="btn-primary">
          Keep shopping
        </Link>
        <Link to="/account/sign-in.html" className="btn-outline">
          Sign in again
        </Link>
      </div>
    </div>
  );
}
