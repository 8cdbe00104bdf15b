import { describe, expect, it } from 'vitest';
import { formatCents, storePriceCents, unitPriceLabel } from '~/modules/catalog/pricing';

describe('pricing', () => {
  it('scales the base price by the store price zone unless the store overrides it', () => {
    expect(storePriceCents(399, 10_000)).toBe(399);
    expect(storePriceCents(399, 11_000)).toBe(439);
    expect(storePriceCents(361, 10_300)).toBe(369);
    expect(storePriceCents(59, 10_300)).toBe(61);
    expect(storePriceCents(399, 11_000, 250)).toBe(250);
  });

  it('formats prices and unit prices like a shelf tag', () => {
    expect(formatCents(1299)).toBe('$12.99');
    expect(formatCents(5)).toBe('$0.05');
    expect(unitPriceLabel(499, 3, 'lb')).toBe('$1.66/lb');
    expect(unitPriceLabel(599, 128, 'fl oz')).toBe('4.7¢/fl oz');
    expect(unitPriceLabel(599, 0, 'ct')).toBeNull();
  });
});
