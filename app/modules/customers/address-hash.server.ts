import { createHash } from 'node:crypto';

export interface HashedAddressParts {
  address1: string;
  address2: string;
  city: string;
  stateCode: string;
  country: string;
  postalCode: string;
}

/** Case, punctuation and spacing do not make a different place: "12 Elm St." is "12 elm st". */
function normalise(part: string): string {
  return part
    .toLowerCase()
    .replace(/[.,#'"]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Spec section 3, addressHash: what de-duplicates a customer's addresses. It covers the place only —
 * not its name, purposes or ZIP+4 extension — so saving the same place again finds the saved row.
 */
export function addressHash(parts: HashedAddressParts): string {
  const canonical = [
    parts.address1,
    parts.address2,
    parts.city,
    parts.stateCode,
    parts.country,
    parts.postalCode.slice(0, 5),
  ]
    .map(normalise)
    .join('|');
  return createHash('sha256').update(canonical).digest('hex');
}
