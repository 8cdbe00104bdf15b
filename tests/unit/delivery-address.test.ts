import { describe, expect, it } from 'vitest';
import { formatDeliveryAddress, parseDeliveryAddress } from '~/modules/customers/delivery-address';

describe("user info's deliveryAddress comma list", () => {
  const parts = {
    type: 'DELIVERY',
    adr1: '1200 Alder St',
    adr2: 'Apt 4B',
    city: 'Seattle',
    st: 'WA',
    zip: '98101',
    addressName: 'Home',
  };

  it('lists type, adr1, adr2, city, st, zip and addressName in that order', () => {
    expect(formatDeliveryAddress(parts)).toBe('DELIVERY,1200 Alder St,Apt 4B,Seattle,WA,98101,Home');
  });

  it('splits back into the same parts, keeping an empty second line', () => {
    expect(parseDeliveryAddress(formatDeliveryAddress({ ...parts, adr2: '' }))).toEqual({ ...parts, adr2: '' });
  });

  it('never lets a comma inside a part shift the others', () => {
    const value = formatDeliveryAddress({ ...parts, adr1: '1200 Alder St, Rear' });
    expect(parseDeliveryAddress(value)).toEqual({ ...parts, adr1: '1200 Alder St  Rear' });
  });

  it('rejects a list with the wrong number of parts', () => {
    expect(parseDeliveryAddress('DELIVERY,1 Main St')).toBeNull();
  });
});
