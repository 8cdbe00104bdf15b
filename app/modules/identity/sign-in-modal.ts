/** Spec section 2: the `ml` (modal link) parameter opens the sign-in modal over the current page. */
export const MODAL_LINK_PARAM = 'ml';
const SIGN_IN_MODAL_VALUES = new Set(['sign-in', 'signin', 'login']);

/** Pages that are sign-in steps themselves never open the modal over themselves. */
const NO_MODAL_PREFIXES = ['/account/', '/IAUC408.html', '/dev/'];

/** The current page without the modal parameter: where the modal returns and where sign-in lands. */
export function withoutModalLink(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete(MODAL_LINK_PARAM);
  const query = params.toString();
  return `${url.pathname}${query ? `?${query}` : ''}`;
}

/** The same page with the sign-in modal open. */
export function withSignInModal(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.set(MODAL_LINK_PARAM, 'sign-in');
  return `${pathname}?${params.toString()}`;
}

/** Whether this URL asks for the sign-in modal; if so, the page to return to. */
export function signInModalTarget(url: URL): { goto: string } | null {
  const value = url.searchParams.get(MODAL_LINK_PARAM);
  if (value === null || !SIGN_IN_MODAL_VALUES.has(value.toLowerCase())) return null;
  if (NO_MODAL_PREFIXES.some((prefix) => url.pathname.startsWith(prefix))) return null;
  return { goto: withoutModalLink(url) };
}
