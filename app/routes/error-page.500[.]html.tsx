import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { pageAccess, PUBLIC_PAGE } from '~/components/page-essentials';
import { requireUserType } from '~/modules/access/shopper.server';
import { ErrorMessage } from '~/components/ErrorMessage';

export const access = pageAccess({ allowedUserTypes: PUBLIC_PAGE, escapeSSO: true });
export const handle = { access };

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  return json(null, { status: 500, headers: shopper.headers });
}

export default function GenericErrorPage() {
  return (
    <div className="container-page py-16">
      <ErrorMessage status={500} />
    </div>
  );
}
