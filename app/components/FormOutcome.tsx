import { useLocation } from '@remix-run/react';

/** What the last form post came to: a refusal (alert) or the change saved (status), or nothing. */
export function FormOutcome({ error, done }: { error?: string | null; done?: string | null }) {
  if (error) {
    return (
      <p
        role="alert"
        className="mt-4 rounded-xl border border-red-200 bg-red-50 p-3 text-sm font-semibold text-red-800"
      >
        {error}
      </p>
    );
  }
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
