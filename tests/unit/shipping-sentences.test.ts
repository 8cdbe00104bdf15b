import { describe, expect, it } from 'vitest';
import { arriveByLabel, displayTimestamp } from '~/modules/shipping/shipping-rules';
import {
  arriveByLabelIn,
  sellerShipmentTitleIn,
  shippingMessageIn,
  wineShipmentTitleIn,
} from '~/modules/shipping/shipping-sentences.server';

const DEC_4 = displayTimestamp('2026-12-04');

describe('shipping sentences in the page language', () => {
  it('keeps the English arrive-by label exactly as the shipping rules write it', () => {
    expect(arriveByLabelIn('en', DEC_4)).toBe('Arrives by Friday, Dec 4');
    expect(arriveByLabelIn('en', DEC_4)).toBe(arriveByLabel(DEC_4));
  });

  it('writes the Spanish arrive-by label as a whole sentence with an es-US date', () => {
    expect(arriveByLabelIn('es', DEC_4)).toBe('Llega a más tardar el viernes, 4 de dic');
  });

  it('names who ships a cart group in either language', () => {
    expect(sellerShipmentTitleIn('en', 'Basket Bay Gifts')).toBe('Ships from Basket Bay Gifts');
    expect(sellerShipmentTitleIn('es', 'Basket Bay Gifts')).toBe('Enviado por Basket Bay Gifts');
    expect(wineShipmentTitleIn('en')).toBe('Ships from our wine cellar');
    expect(wineShipmentTitleIn('es')).toBe('Enviado desde nuestra cava');
  });

  it('leaves English shipping messages untouched', () => {
    const message = 'Heartland Home & Hearth does not ship to Alaska.';
    expect(shippingMessageIn('en', message, { zipcode: '99501', seller: 'Heartland Home & Hearth' })).toBe(message);
  });

  it('rebuilds each sentence made with a seller, state, store or ZIP in Spanish', () => {
    const seller = 'Heartland Home & Hearth';
    expect(shippingMessageIn('es', `${seller} does not ship to Alaska.`, { zipcode: '99501', seller })).toBe(
      'Heartland Home & Hearth no hace envíos a Alaska.',
    );
    expect(shippingMessageIn('es', "We can't ship wine to Utah.", { zipcode: '84101' })).toBe(
      'No podemos enviar vino a Utah.',
    );
    expect(
      shippingMessageIn('es', `We can't estimate delivery from ${seller} right now.`, { zipcode: '98101', seller }),
    ).toBe('No podemos estimar la entrega de Heartland Home & Hearth en este momento.');
    expect(
      shippingMessageIn(
        'es',
        'Greenleaf Ballard does not ship wine. Choose a store with the wine shop to order wine.',
        { zipcode: '98101', store: 'Greenleaf Ballard' },
      ),
    ).toBe('Greenleaf Ballard no envía vino. Elija una tienda con tienda de vinos para pedir vino.');
    expect(
      shippingMessageIn('es', "We couldn't find ZIP code 00000. Check it and try again.", { zipcode: '00000' }),
    ).toBe('No encontramos el código postal 00000. Revíselo e inténtelo de nuevo.');
  });

  it('translates fixed shipping sentences as keys', () => {
    expect(shippingMessageIn('es', 'Enter your ZIP code to see when it arrives.', { zipcode: null })).toBe(
      'Escriba su código postal para ver cuándo llega.',
    );
  });
});
