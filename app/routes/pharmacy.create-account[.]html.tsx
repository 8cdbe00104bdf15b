import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { CUSTOMER_ONLY, pageAccess, SIGN_IN_PATH } from '~/modules/access/page-access';
import { requireUserType } from '~/modules/access/shopper.server';
import { parseSearchParams } from '~/modules/http/forms.server';

/**
 * Spec section 2: the target after a password reset started from the health app
 * (`?sendToHealthApp=true`). The pharmacy account set-up itself belongs to the pharmacy work (issue 8).
 */
export const access = pageAccess({ allowedUserTypes: CUSTOMER_ONLY, redirections: { DEFAULT: SIGN_IN_PATH } });
export const handle = { access };

const PharmacyQuery = z.object({
  sendToHealthApp: z.enum(['true', 'false']).optional(),
  newPharmacyAccount: z.string().max(10).optional(),
  progProfUser: z.string().max(10).optional(),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const query = parseSearchParams(request, PharmacyQuery);
  return json(
    { firstName: shopper.customer?.firstName ?? '', sendToHealthApp: query.sendToHealthApp === 'true' },
    { headers: shopper.headers },
  );
}

export const meta: MetaFunction = () => [{ title: 'Pharmacy account' }];

export default function PharmacyCreateAccountPage() {
  const { firstName, sendToHealthApp } = useLoaderData<typeof loader>();
  return (
    <div className="container-page max-w-xl py-10">
      <div className="card p-6">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand">Pharmacy</p>
        <h1 className="mt-1 text-2xl font-extrabold">Pharmacy account</h1>
        {sendToHealthApp ? (
          <p role="status" className="mt-4 rounded-xl bg-brand-soft p-3 text-sm font-medium text-brand-dark">
            Password successfully updated! You're signed in{firstName ? `, ${firstName}` : ''}. Go back to the health
            app to continue with your prescriptions.
          </p>
        ) : (
          <p className="mt-4 text-sm text-stone-600">
            You're signed in{firstName ? ` as ${firstName}` : ''}. Prescriptions and refills are coming to this page.
          </p>
        )}
        <Link to="/" className="btn-outline mt-6">
          Keep shopping groceries
        </Link>
      </div>
    </div>
  );
}
