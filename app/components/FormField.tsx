import type { ReactNode } from 'react';

/** The class of a text input or select on the account forms (a refused field shows a red border). */
export const FIELD_INPUT_CLASS =
  'mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm aria-[invalid=true]:border-red-600';

/** What a control needs to be named, labelled and tied to its error text (`{prefix}-{name}`, `…-error`). */
export interface FieldControlProps {
  name: string;
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export function fieldControl(prefix: string, name: string, errors: Record<string, string>): FieldControlProps {
  return {
    name,
    id: `${prefix}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${prefix}-${name}-error` : undefined,
  };
}

/** A field's error text, read out with the control through aria-describedby. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <span id={id} className="mt-1 block text-xs font-semibold text-red-700">
      {message}
    </span>
  ) : null;
}

/**
 * One labelled control of a server-validated form, with its error under it. The control is rendered
 * by the page (an input, a select) and receives the name, id and aria attributes to spread.
 */
export function FormField({
  prefix,
  name,
  label,
  errors,
  children,
}: {
  prefix: string;
  name: string;
  label: ReactNode;
  errors: Record<string, string>;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const control = fieldControl(prefix, name, errors);
  return (
    <div>
      <label className="text-sm font-semibold" htmlFor={control.id}>
        {label}
        {children(control)}
      </label>
      <FieldError id={`${control.id}-error`} message={errors[name]} />
    </div>
  );
}
