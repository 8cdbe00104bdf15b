import type { ProductDetails } from './product-details.server';

/** How shipped goods reach the shopper: the wine cellar's direct shipping, or the marketplace seller's. */
export function shippingNote(product: Pick<ProductDetails, 'kind' | 'seller'>): string | null {
  if (product.kind === 'wine') {
    return 'Ships direct from our wine cellar in 2 to 4 business days. An adult (21+) signs for the delivery.';
  }
  if (product.kind === 'marketplace' && product.seller) {
    const { name, originZip, carrier, handlingDays } = product.seller;
    return `Sold and shipped by ${name} from ${originZip}: ${carrier} shipping, handed to the carrier within ${handlingDays} business ${handlingDays === 1 ? 'day' : 'days'}.`;
  }
  return null;
}
