import type { z } from 'zod';

/** Field messages of a failed parse (first message per field), for a page to show beside its inputs. */
export function fieldErrors(error: z.ZodError): { errors: Record<string, string>; message: string } {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[issue.path.join('.') || 'form'] ??= issue.message;
  return { errors, message: Object.values(errors)[0] ?? 'Please check the form.' };
}

/** What the shopper typed, handed back so a refused form keeps its values (checkbox groups as lists). */
export function formValues(data: Record<string, unknown>): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(data)) {
    if (typeof value === 'string') values[key] = value.slice(0, 200);
    else if (Array.isArray(value)) values[key] = value.filter((item): item is string => typeof item === 'string');
  }
  return values;
}
