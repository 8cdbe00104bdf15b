/**
 * The banner's colours as CSS variables in a nonce'd <style>, so the CSP needs no 'unsafe-inline'
 * for styles (decision 0021). Names and values are checked: only custom properties and plain
 * colour components (digits, spaces, #, letters) ever reach the stylesheet.
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

export function BannerStyle({ variables, nonce }: { variables: Record<string, string>; nonce: string }) {
  return <style nonce={nonce || undefined}>{bannerStyleText(variables)}</style>;
}
