import { describe, expect, it } from 'vitest';
import { addressHash } from '~/modules/customers/address-hash.server';
import {
  ADDRESS_MESSAGES,
  addressUpdateSchema,
  newAddressSchema,
  selectedAddressSchema,
  splitPostalCode,
} from '~/modules/customers/address-rules';
import { PET_MESSAGES, petProfileSchema } from '~/modules/customers/pet-rules';

const home = {
  addressName: 'Home',
  address1: '12 Elm St',
  address2: 'Apt 4B',
  city: 'Seattle',
  stateCode: 'WA',
  postalCode: '98101',
  purposes: ['DELIVERY'],
};

function firstMessage(result: {
  success: boolean;
  error?: { issues: { message: string; path: (string | number)[] }[] };
}) {
  return result.success
    ? null
    : { path: result.error!.issues[0]!.path.join('.'), message: result.error!.issues[0]!.message };
}

describe('postal code split (spec section 5)', () => {
  it('keeps a 5-digit ZIP code whole, with an empty extension', () => {
    expect(splitPostalCode('98101')).toEqual({ postalCode: '98101', postalCodeExtn: '' });
  });

  it('splits a code longer than 5 characters at the hyphen into a 5-digit code and an extension', () => {
    expect(splitPostalCode('98101-1234')).toEqual({ postalCode: '98101', postalCodeExtn: '1234' });
    expect(splitPostalCode(' 98101-1234 ')).toEqual({ postalCode: '98101', postalCodeExtn: '1234' });
  });

  it.each(['9810', '981011', '98101-12', '98101-12345', '981011234', '98101 1234', 'ABCDE', ''])(
    'refuses %j',
    (value) => {
      expect(splitPostalCode(value)).toBeNull();
    },
  );
});

describe('address hash', () => {
  const parts = {
    address1: '12 Elm St',
    address2: 'Apt 4B',
    city: 'Seattle',
    stateCode: 'WA',
    country: 'US',
    postalCode: '98101',
  };

  it('is the same for the same place written with other case, spacing and punctuation', () => {
    expect(addressHash({ ...parts, address1: '12  elm st.', city: 'SEATTLE', address2: 'apt #4B' })).toBe(
      addressHash({ ...parts, address2: 'Apt 4B' }),
    );
  });

  it('ignores the ZIP+4 extension but not the ZIP code', () => {
    expect(addressHash({ ...parts, postalCode: '98101-1234' })).toBe(addressHash(parts));
    expect(addressHash({ ...parts, postalCode: '98104' })).not.toBe(addressHash(parts));
  });

  it('differs when any line of the place differs', () => {
    const base = addressHash(parts);
    for (const change of [{ address1: '14 Elm St' }, { address2: 'Apt 5B' }, { city: 'Tacoma' }, { stateCode: 'OR' }])
      expect(addressHash({ ...parts, ...change })).not.toBe(base);
  });

  it('is a 64-character hex digest', () => {
    expect(addressHash(parts)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('new address validation', () => {
  it('splits the postal code and defaults country, address types and the second line', () => {
    const parsed = newAddressSchema.parse({ ...home, address2: undefined, postalCode: '98101-1234' });
    expect(parsed.address).toEqual({
      addressName: 'Home',
      address1: '12 Elm St',
      address2: '',
      city: 'Seattle',
      stateCode: 'WA',
      country: 'US',
      postalCode: '98101',
      postalCodeExtn: '1234',
      addressTypes: ['DELIVERY', 'BILLING'],
      purposes: ['DELIVERY'],
    });
    expect(parsed.selection).toBeNull();
  });

  it('takes a separate postalCodeExtn, but not two different extensions', () => {
    expect(newAddressSchema.parse({ ...home, postalCodeExtn: '4321' }).address.postalCodeExtn).toBe('4321');
    expect(
      firstMessage(newAddressSchema.safeParse({ ...home, postalCode: '98101-1234', postalCodeExtn: '4321' })),
    ).toEqual({
      path: 'postalCodeExtn',
      message: ADDRESS_MESSAGES.extnMismatch,
    });
  });

  it('reads form checkboxes (one string or several) and a lower-case state code', () => {
    const parsed = newAddressSchema.parse({ ...home, stateCode: 'wa', purposes: 'BILLING', isSelectedAddress: 'on' });
    expect(parsed.address.stateCode).toBe('WA');
    expect(parsed.address.purposes).toEqual(['BILLING']);
    expect(parsed.selection).toEqual({ banner: null, purposes: ['BILLING'] });
    expect(newAddressSchema.parse({ ...home, purposes: ['BILLING', 'DELIVERY'] }).address.purposes).toEqual([
      'DELIVERY',
      'BILLING',
    ]);
  });

  it('selects for the banner and purposes it names', () => {
    const parsed = newAddressSchema.parse({
      ...home,
      purposes: ['DELIVERY', 'BILLING'],
      isSelectedAddress: true,
      selectedAddressBanner: 'mesa',
      selectedAddressPurposes: ['BILLING'],
    });
    expect(parsed.selection).toEqual({ banner: 'mesa', purposes: ['BILLING'] });
  });

  it.each([
    [{ postalCode: '9810' }, 'postalCode', ADDRESS_MESSAGES.postalCode],
    [{ postalCode: '98101-12' }, 'postalCode', ADDRESS_MESSAGES.postalCode],
    [{ stateCode: 'XX' }, 'stateCode', ADDRESS_MESSAGES.stateCode],
    [{ country: 'CA' }, 'country', ADDRESS_MESSAGES.country],
    [{ address1: '' }, 'address1', ADDRESS_MESSAGES.address1],
    [{ city: ' ' }, 'city', ADDRESS_MESSAGES.city],
    [{ addressName: '' }, 'addressName', ADDRESS_MESSAGES.addressName],
    [{ purposes: [] }, 'purposes', ADDRESS_MESSAGES.purposes],
    [{ purposes: ['SHIPPING'] }, 'purposes.0', ADDRESS_MESSAGES.purposes],
    [{ addressTypes: ['BILLING'], purposes: ['DELIVERY'] }, 'purposes', ADDRESS_MESSAGES.purposeNotAllowed],
    [
      { isSelectedAddress: true, selectedAddressPurposes: ['BILLING'] },
      'selectedAddressPurposes',
      ADDRESS_MESSAGES.purposeNotAllowed,
    ],
    [
      { isSelectedAddress: true, selectedAddressBanner: 'elsewhere' },
      'selectedAddressBanner',
      'That banner is not one of ours.',
    ],
  ])('refuses %j with a message on %s', (change, path, message) => {
    expect(firstMessage(newAddressSchema.safeParse({ ...home, ...change }))).toEqual({ path, message });
  });

  it('validates an edit the same way', () => {
    expect(addressUpdateSchema.parse({ ...home, postalCode: '98101-0001' }).postalCodeExtn).toBe('0001');
    expect(firstMessage(addressUpdateSchema.safeParse({ ...home, stateCode: '' }))?.path).toBe('stateCode');
  });

  it('needs an address id and at least one purpose to select an address', () => {
    expect(selectedAddressSchema.parse({ addressId: '7', purposes: 'DELIVERY' })).toEqual({
      addressId: 7,
      purposes: ['DELIVERY'],
    });
    expect(selectedAddressSchema.safeParse({ addressId: 'x', purposes: ['DELIVERY'] }).success).toBe(false);
    expect(firstMessage(selectedAddressSchema.safeParse({ addressId: 7, purposes: [] }))?.message).toBe(
      ADDRESS_MESSAGES.purposes,
    );
  });
});

describe('pet profile validation', () => {
  const biscuit = { name: 'Biscuit', type: 'Dog', breed: 'Golden Retriever', birthday: '2021-04-18', photo: 'pet-dog' };

  it('accepts a full profile', () => {
    expect(petProfileSchema.parse(biscuit)).toEqual(biscuit);
  });

  it('gives a portrait for the kind of pet when none is chosen, and keeps an empty birthday as none', () => {
    expect(petProfileSchema.parse({ name: 'Mochi', type: 'Cat', birthday: '', photo: '' })).toEqual({
      name: 'Mochi',
      type: 'Cat',
      breed: '',
      birthday: null,
      photo: 'pet-cat',
    });
    expect(petProfileSchema.parse({ name: 'Spike', type: 'Reptile' }).photo).toBe('pet-paw');
  });

  it.each([
    [{ name: ' ' }, 'name', PET_MESSAGES.name],
    [{ type: 'Dragon' }, 'type', PET_MESSAGES.type],
    [{ birthday: '2021-02-30' }, 'birthday', PET_MESSAGES.birthday],
    [{ birthday: '18/04/2021' }, 'birthday', PET_MESSAGES.birthday],
    [{ birthday: '2999-01-01' }, 'birthday', PET_MESSAGES.birthdayFuture],
    [{ birthday: '1900-01-01' }, 'birthday', PET_MESSAGES.birthdayPast],
    [{ photo: 'https://evil.example/cat.png' }, 'photo', PET_MESSAGES.photo],
  ])('refuses %j with a message on %s', (change, path, message) => {
    expect(firstMessage(petProfileSchema.safeParse({ ...biscuit, ...change }))).toEqual({ path, message });
  });
});
