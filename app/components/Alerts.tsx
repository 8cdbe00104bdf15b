import type { ReactNode } from 'react';

/** A message about what went wrong, announced to screen readers as it appears. */
export function ErrorAlert({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <p id={id} role="alert" className="mt-4 rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800">
      {children}
    </p>
  );
}

/** A confirmation ("we sent you a code"), announced politely. */
export function StatusNotice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="mt-4 rounded-xl bg-brand-soft p-3 text-sm font-medium text-brand-dark">
      {children}
    </p>
  );
}
