/**
 * What the browser build gets for `turbo-stream` (tsconfig.json `paths`). Remix's browser code
 * imports it only to decode single-fetch responses, and single fetch is off here (remix.config.js,
 * `v3_singleFetch: false`), so the library (about 1.3 KB gzipped on every page) could never run. If single fetch
 * is turned on, remove the mapping: tests/unit/turbo-stream-unused.test.ts fails until then.
 */
function unavailable(): never {
  throw new Error('turbo-stream is mapped out of the browser build: remove the mapping to use single fetch');
}

export const decode = unavailable;
export const encode = unavailable;
