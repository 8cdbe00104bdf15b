/**
 * What a linked client (an assistant, any client that is not the storefront itself) may see or do, in
 * the words a shopper reads: on the identity provider's consent page before linking, and on the account
 * page that lists linked apps afterwards (decision 0066). One list, so both pages say the same thing.
 */
const SCOPE_WORDS: Record<string, string> = {
  openid: 'know it is you (your Pantry account number)',
  profile: 'your name, customer number, household number and club card number',
  email: 'your email address',
  shop: 'shop with your account: your cart, lists, offers and orders',
  used_credentials: 'act as if you had just signed in, for changes that need a recent sign-in',
  offline_access: 'stay linked when you are away (offline access)',
};

const CLAIM_WORDS: Record<string, string> = {
  firstName: 'your name',
  lastName: 'your name',
  customerId: 'your customer number',
  hhid: 'your household number',
  clubCard: 'your club card number',
  email: 'your email address',
  email_verified: 'whether your email address is verified',
};

/** Claims the provider adds to every sign-in; they say nothing a shopper would have to allow. */
const PROTOCOL_CLAIMS = new Set(['sub', 'sid', 'auth_time', 'acr', 'amr', 'iss']);

export interface RequestedAccess {
  /** OpenID and resource-server scopes together. */
  scopes: readonly string[];
  /** Single claims asked for with the claims parameter. */
  claims?: readonly string[];
}

/** One line per thing the client gets, in a fixed order, without repeats; offline access last. */
export function accessInWords({ scopes, claims = [] }: RequestedAccess): string[] {
  const known = Object.keys(SCOPE_WORDS);
  const ordered = [
    ...known.filter((scope) => scopes.includes(scope)),
    ...scopes.filter((scope) => !(scope in SCOPE_WORDS)),
  ];
  const lines = ordered.map((scope) => SCOPE_WORDS[scope] ?? `another permission: “${scope}”`);
  for (const claim of claims) {
    if (PROTOCOL_CLAIMS.has(claim)) continue;
    lines.push(CLAIM_WORDS[claim] ?? `another detail of your account: “${claim}”`);
  }
  const offline = SCOPE_WORDS.offline_access!;
  const unique = [...new Set(lines)];
  return unique.includes(offline) ? [...unique.filter((line) => line !== offline), offline] : unique;
}
