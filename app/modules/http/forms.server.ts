import { json } from '@remix-run/node';
import type { z } from 'zod';
import { assertSameOrigin } from './same-origin.server';

const MAX_FORM_BYTES = 64 * 1024;

// CSRF: the one same-origin rule lives in same-origin.server; re-exported for the callers that use it here.
export { assertSameOrigin };

export type FormResult<T> = { ok: true; data: T } | { ok: false; errors: Record<string, string>; message: string };

/**
 * Reads a urlencoded or multipart form (same-origin only, bounded size) and validates it with zod.
 * Invalid input comes back as field messages for the page to show; nothing is thrown for it.
 */
export async function parseForm<S extends z.ZodTypeAny>(request: Request, schema: S): Promise<FormResult<z.infer<S>>> {
  assertSameOrigin(request);
  const length = Number(request.headers.get('Content-Length') ?? 0);
  if (length > MAX_FORM_BYTES) {
    throw json({ code: 'PAYLOAD_TOO_LARGE', message: 'That form was too large.' }, { status: 413 });
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw json({ code: 'BAD_FORM', message: 'We could not read that form. Please try again.' }, { status: 400 });
  }
  const values: Record<string, string | string[]> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value !== 'string') continue;
    const existing = values[key];
    values[key] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.') || 'form';
    errors[key] ??= issue.message;
  }
  return { ok: false, errors, message: Object.values(errors)[0] ?? 'Please check the form.' };
}

/** Query parameters validated with zod; a bad query is a 400 page with a clear message. */
export function parseSearchParams<S extends z.ZodTypeAny>(request: Request, schema: S): z.infer<S> {
  const url = new URL(request.url);
  const values: Record<string, string> = {};
  for (const [key, value] of url.searchParams) values[key] ??= value;
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    throw json(
      {
        code: 'BAD_QUERY',
        message: parsed.error.issues[0]?.message ?? 'That address has a parameter we do not understand.',
      },
      { status: 400 },
    );
  }
  return parsed.data;
}
