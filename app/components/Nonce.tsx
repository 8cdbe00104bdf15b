import { createContext, useContext } from 'react';

/**
 * The request's CSP nonce, from entry.server to every inline script and style. Empty in the browser:
 * browsers hide a nonce from the DOM, and nothing rendered after hydration is inline.
 */
const NonceContext = createContext('');

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
