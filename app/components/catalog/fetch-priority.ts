/**
 * `fetchpriority="high"` for an image the page's first paint needs. Spelled in lower case: React 18 does not know
 * the `fetchPriority` prop (React 19 does) and warns about it, while an unknown lower-case attribute passes through
 * as written, on the server and in the browser alike.
 */
export const HIGH_FETCH_PRIORITY = { fetchpriority: 'high' } as Record<string, string>;
