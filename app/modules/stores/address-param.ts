/** The `addr` query parameter: a base64 (or base64url) address; its ZIP code pre-fills the store finder. */
export function decodeAddressParam(
  value: string | null | undefined,
): { address: string; zipcode: string | null } | null {
  if (!value) return null;
  const normalized = value.replace(/-/g, '+').replace(/_/g, '/').replace(/\s/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(normalized)) return null;
  let decoded: string;
  try {
    decoded = new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(atob(normalized), (c) => c.charCodeAt(0)),
    );
  } catch {
    return null;
  }
  const printable = Array.from(decoded, (char) => (char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127 ? ' ' : char));
  const address = printable.join('').replace(/\s+/g, ' ').trim().slice(0, 200);
  if (!address) return null;
  const zip = address.match(/\b(\d{5})(-\d{4})?\b(?!.*\b\d{5}\b)/);
  return { address, zipcode: zip ? zip[0] : null };
}
