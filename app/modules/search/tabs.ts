/**
 * WAI-ARIA tabs keyboard model (automatic activation): ArrowRight and ArrowLeft move to the next
 * and previous tab, wrapping around; Home and End move to the first and last. Any other key is not
 * the tab list's business (null).
 */
export function tabIndexForKey(key: string, current: number, count: number): number | null {
  if (count <= 0) return null;
  switch (key) {
    case 'ArrowRight':
      return (current + 1) % count;
    case 'ArrowLeft':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** Combobox option navigation: ArrowDown/ArrowUp wrap through the options; -1 means none active. */
export function optionIndexForKey(key: string, current: number, count: number): number | null {
  if (count <= 0) return null;
  if (key === 'ArrowDown') return current + 1 >= count ? 0 : current + 1;
  if (key === 'ArrowUp') return current <= 0 ? count - 1 : current - 1;
  return null;
}
