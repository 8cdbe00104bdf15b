import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { pageAccess, PUBLIC_PAGE, pageMeta } from '~/components/page-essentials';
import { requireUserType } from '~/modules/access/shopper.server';
import { ErrorMessage } from '~/components/ErrorMessage';

export const access = pageAccess({ allowedUserTypes: PUBLIC_PAGE, escapeSSO: true });
export const handle = { access };

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  return json(null, { status: 500, headers: shopper.headers });
}

export const meta: MetaFunction = () =>
  pageMeta('Something went wrong', 'Something went wrong on our side. Try again in a moment.');

export default function GenericErrorPage() {
  return (
    <div className="container-page py-16">
      <ErrorMessage status={500} />
    </div>
  );
}
