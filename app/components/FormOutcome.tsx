import { useLocation } from '@remix-run/react';

/**
 * What the last form post came to: a refusal (alert) or the change saved (status), or nothing. `live` keeps an
 * empty status region in place before any post, for pages that post without leaving (WCAG 4.1.3): a region
 * that appears together with its words is not always read out.
 */
export function FormOutcome({
  error,
  done,
  live = false,
}: {
  error?: string | null;
  done?: string | null;
  live?: boolean;
}) {
  const alert = error ? (
    <p role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 p-3 text-sm font-semibold text-red-800">
      {error}
    </p>
  ) : null;
  if (live) {
    return (
      <>
        {alert}
        <div role="status" data-testid="form-outcome-live">
          {done && !error ? (
            <p className="mt-4 rounded-xl border border-green-200 bg-green-50 p-3 text-sm text-green-900">{done}</p>
          ) : null}
        </div>
      </>
    );
  }
  if (alert) return alert;
  if (done) {
    return (
      <p role="status" className="mt-4 rounded-xl border border-green-200 bg-green-50 p-3 text-sm text-green-900">
        {done}
      </p>
    );
  }
  return null;
}

/**
 * The key of an add/edit form: mounted afresh after a saved change (a redirect, so a new location), and after a
 * refusal mounted once and then kept, so what the shopper types next is never reset under them.
 */
export function useFormKey(refused: boolean): string {
  const locationKey = useLocation().key;
  return refused ? 'refused' : locationKey;
}
