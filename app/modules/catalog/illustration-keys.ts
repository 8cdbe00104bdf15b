/** Image keys for things that are not shelf items: wines by colour ("rosé" → wine-rose). */
export function wineImageKey(color: string): string {
  const plain = color
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  return `wine-${plain.replace(/[^a-z]+/g, '-')}`;
}
