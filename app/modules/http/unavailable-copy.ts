/** What a shopper reads when the database is briefly unavailable (a 503; docs/decisions/0024). */
export const UNAVAILABLE_TITLE = "We're having trouble right now";
export const UNAVAILABLE_MESSAGE =
  "We can't reach our shelves for a moment. Please try again in a few seconds — your cart and clipped offers are safe.";
