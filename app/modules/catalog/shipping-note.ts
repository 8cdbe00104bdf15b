import type { T } from '~/modules/i18n/translate';
import type { ProductDetails } from './product-details.server';

/** A seller's carrier service in the page's words: the catalogue stores a code (`ground`, `express`, `freight`). */
export function shippingService(carrier: string, t: T): string {
  if (carrier === 'ground') return t('ground shipping');
  if (carrier === 'express') return t('express shipping');
  if (carrier === 'freight') return t('freight shipping');
  return t('{{carrier}} shipping', { carrier });
}

/** How shipped goods reach the shopper: the wine cellar's direct shipping, or the marketplace seller's. */
export function shippingNote(product: Pick<ProductDetails, 'kind' | 'seller'>, t: T): string | null {
  if (product.kind === 'wine') {
    return t('Ships direct from our wine cellar in 2 to 4 business days. An adult (21+) signs for the delivery.');
  }
  if (product.kind === 'marketplace' && product.seller) {
    const { name, originZip, carrier, handlingDays } = product.seller;
    return t(
      'Sold and shipped by {{seller}} from {{zip}}: {{shipping}}, handed to the carrier within {{count}} business days.',
      { seller: name, zip: originZip, shipping: shippingService(carrier, t), count: handlingDays },
    );
  }
  return null;
}
