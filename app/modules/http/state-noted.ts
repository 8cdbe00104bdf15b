/**
 * The response header by which an action tells the server which customers' state versions it has already taken
 * care of (decision 0040): bumped in the same transaction as its own write, or left alone because it changed
 * nothing. The server drops the header before the response leaves and bumps only the other customers the
 * request concerns (app/modules/http/private-pages.server.ts, noteStateChange). No dependencies: the server
 * imports it too.
 */
export const STATE_NOTED_HEADER = 'X-Pantry-State-Noted';

/** The subjects a response's header names (comma-separated), or none. */
export function notedSubjects(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((subject) => subject.trim())
    .filter(Boolean);
}

/** Names the subjects an action took care of on its response's headers (nothing when there are none). */
export function markStateNoted(headers: Headers, subjects: readonly string[]): Headers {
  if (subjects.length) headers.set(STATE_NOTED_HEADER, subjects.join(','));
  return headers;
}
