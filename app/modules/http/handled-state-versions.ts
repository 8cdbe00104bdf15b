/**
 * The response header by which an action names the customers whose state versions it already took care of
 * (bumped in its own transaction, or left alone because nothing changed), so the server bumps only the others
 * (private-pages.server.ts, noteStateChange). No dependencies: the server imports it too.
 */
export const STATE_VERSIONS_HANDLED_HEADER = 'X-Pantry-State-Noted';

/** The subjects a response's header names (comma-separated), or none. */
export function handledSubjects(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((subject) => subject.trim())
    .filter(Boolean);
}

/** Names the subjects an action took care of on its response's headers (nothing when there are none). */
export function markStateVersionsHandled(headers: Headers, subjects: readonly string[]): Headers {
  if (subjects.length) headers.set(STATE_VERSIONS_HANDLED_HEADER, subjects.join(','));
  return headers;
}
