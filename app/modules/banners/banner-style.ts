/**
 * The banner's colours as CSS variables for a nonce'd <style>, so the CSP needs no 'unsafe-inline'
 * for styles (decision 0021). Names and values are checked: only custom properties and plain
 * colour components (digits, spaces, #, letters) ever reach the stylesheet. Written by the server into
 * the root's data, so the checks never ship to the browser, which renders the same text.
 */
const NAME = /^--[a-z0-9-]+$/;
const VALUE = /^[#a-zA-Z0-9 .,%()]+$/;

export function bannerStyleText(variables: Record<string, string>): string {
  const declarations = Object.entries(variables)
    .filter(([name, value]) => NAME.test(name) && VALUE.test(value))
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  return `:root{${declarations}}`;
}
