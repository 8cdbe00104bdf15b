import { isRouteErrorResponse, useRouteError } from '@remix-run/react';
import { ErrorMessage } from './ErrorMessage';

/**
 * A staff page's error boundary: the refusal inside the staff chrome, with the title and message requireStaff
 * gave it ("This page is for store staff" for a shopper); never an exception's text.
 */
export function StaffErrorPage() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const data = (isRouteErrorResponse(error) ? error.data : null) as { title?: unknown; message?: unknown } | null;
  return (
    <div className="container-page py-16">
      <ErrorMessage
        status={status}
        title={typeof data?.title === 'string' ? data.title : undefined}
        message={typeof data?.message === 'string' ? data.message : undefined}
      />
    </div>
  );
}
