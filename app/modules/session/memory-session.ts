/**
 * Page-safe names for the in-memory session (spec section 5: "Cookies go to in-memory storage when the browser
 * disallows cookies"; decision 0101). A page whose browser refuses cookies says so on each call it makes
 * (COOKIES_REFUSED_HEADER); the storefront then also hands back the signed session it would have set as a cookie
 * (MEMORY_SESSION_HEADER), and the page sends it with its next calls. Only the session cookie (store and fulfilment
 * choice) travels this way: sign-in and the cart need real cookies.
 */
export const COOKIES_REFUSED_HEADER = 'X-Pantry-Cookies';
export const COOKIES_REFUSED = 'refused';
export const MEMORY_SESSION_HEADER = 'X-Pantry-Session';
/** A signed session cookie's value is a few hundred characters; anything longer is not one. */
export const MEMORY_SESSION_MAX = 4096;
