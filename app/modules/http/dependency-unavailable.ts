/**
 * A service the storefront depends on, other than its database, cannot answer right now (the identity
 * provider's key set, say). It answers like a database outage: 503 with Retry-After, never a sign-out.
 */
export class DependencyUnavailableError extends Error {
  constructor(
    /** What cannot answer, in the words of the log line ("identity provider keys"). */
    readonly dependency: string,
    options?: { cause?: unknown },
  ) {
    super(`${dependency} unavailable`, options);
    this.name = 'DependencyUnavailableError';
  }
}
