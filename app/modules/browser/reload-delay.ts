/** Spec section 9: the reload asked for by the refresh flag waits 1,000 ms, so the shopper can read why (decision 0089). */
export const RELOAD_DELAY_MS = 1000;

/** Reloads after RELOAD_DELAY_MS; returns a cancel (the page moved on first). */
export function reloadAfterRefreshFlag(reload: () => void): () => void {
  const timer = setTimeout(reload, RELOAD_DELAY_MS);
  return () => clearTimeout(timer);
}
