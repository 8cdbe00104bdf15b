import { describe, expect, it } from 'vitest';
import { readShipMethods, ShippingCallError, splitPartial, type ShipMethod } from '~/modules/shipping/ship-methods';
import {
  addBusinessDays,
  arriveBy,
  arriveByLabel,
  cacheExpiry,
  carrierHolidays,
  displayTimestamp,
  isExpired,
  listsState,
  SHIPPING_CACHE_TTL_MS,
  transitDays,
  WINE_FORBIDDEN_STATES,
  wineAllowedIn,
  wineRefusalMessage,
} from '~/modules/shipping/shipping-rules';
import { STATE_NAMES } from '~/modules/geo/us-states';

const method = (sellerId: string, ts?: number, message?: string): ShipMethod => ({
  sellerId,
  sellerName: `Seller ${sellerId}`,
  items: [{ productId: Number(sellerId) * 10, quantity: 1 }],
  carrier: ts ? 'ground' : null,
  shipDate: null,
  arriveByDate: null,
  ...(ts ? { displayArriveByTS: ts } : {}),
  ...(message ? { message } : {}),
});

describe('206 partial answers', () => {
  it('keeps entries without displayArriveByTS apart and returns them with the errors', () => {
    const body = {
      shipMethods: [method('1', 1_800_000_000_000), method('2', undefined, 'Seller 2 does not ship to Alaska.')],
      errors: [{ code: 'NOT_MARKETPLACE', message: 'x', sellerId: null, productIds: [5] }],
    };
    const split = splitPartial(body);
    expect(split.shipMethods.map((m) => m.sellerId)).toEqual(['1']);
    expect(split.errors).toEqual([
      body.errors[0],
      { code: 'NO_ESTIMATE', message: 'Seller 2 does not ship to Alaska.', sellerId: '2', productIds: [20] },
    ]);
  });

  it('splits a 206 response, passes a 200 through, and rejects anything else with status and status text', async () => {
    const body = { shipMethods: [method('1', 1), method('2')], errors: [], expiry: 42 };
    const partial = await readShipMethods(new Response(JSON.stringify(body), { status: 206 }));
    expect(partial.shipMethods).toHaveLength(1);
    expect(partial.errors[0]?.sellerId).toBe('2');
    expect(partial.expiry).toBe(42);
    const whole = await readShipMethods(new Response(JSON.stringify(body), { status: 200 }));
    expect(whole.shipMethods).toHaveLength(2);
    const failed = readShipMethods(new Response('{}', { status: 503, statusText: 'Service Unavailable' }));
    await expect(failed).rejects.toBeInstanceOf(ShippingCallError);
    await expect(failed).rejects.toMatchObject({ status: 503, statusText: 'Service Unavailable' });
  });
});

describe('the 3-hour shipping cache', () => {
  it('expires 10,800,000 ms after it was written', () => {
    const now = new Date('2026-11-24T10:00:00.000Z');
    expect(SHIPPING_CACHE_TTL_MS).toBe(10_800_000);
    expect(cacheExpiry(now).toISOString()).toBe('2026-11-24T13:00:00.000Z');
  });

  it('is used until just before the expiry and is expired at the expiry instant', () => {
    const expires = '2026-11-24T13:00:00.000Z';
    expect(isExpired(expires, new Date('2026-11-24T12:59:59.999Z'))).toBe(false);
    expect(isExpired(expires, new Date('2026-11-24T13:00:00.000Z'))).toBe(true);
  });
});

describe('wine state rules', () => {
  it('refuses wine to the states that forbid direct-to-consumer shipping, naming the state in full', () => {
    expect(wineAllowedIn('UT')).toBe(false);
    expect(wineRefusalMessage('UT')).toBe("We can't ship wine to Utah.");
    expect(wineRefusalMessage('MS')).toBe("We can't ship wine to Mississippi.");
    expect(wineAllowedIn('WA')).toBe(true);
    expect(wineAllowedIn('CA')).toBe(true);
  });

  it('lists only real states', () => {
    for (const code of WINE_FORBIDDEN_STATES) expect(STATE_NAMES[code]).toBeDefined();
  });

  it('finds a state in a seller’s comma-wrapped no-ship list', () => {
    expect(listsState(',AK,HI,', 'HI')).toBe(true);
    expect(listsState(',AK,HI,', 'H')).toBe(false);
    expect(listsState('', 'AK')).toBe(false);
  });
});

describe('arrive-by dates', () => {
  it('knows the carrier holidays, Thanksgiving included', () => {
    expect([...carrierHolidays(2026)].sort()).toEqual([
      '2026-01-01',
      '2026-05-25',
      '2026-07-04',
      '2026-09-07',
      '2026-11-26',
      '2026-12-25',
    ]);
  });

  it('counts business days, skipping weekends and holidays', () => {
    expect(addBusinessDays('2026-11-20', 1)).toBe('2026-11-23'); // Friday → Monday
    expect(addBusinessDays('2026-11-25', 1)).toBe('2026-11-27'); // over Thanksgiving
    expect(addBusinessDays('2026-11-28', 0)).toBe('2026-11-30'); // a Saturday starts on Monday
  });

  const seller = { timezone: 'America/Chicago', cutoffHour: 14, handlingDays: 2, transitDays: 3 };

  it('starts handling the same day before the cut-off, on the origin clock', () => {
    // 13:30 in Chicago on Tuesday 24 November: before the 14:00 cut-off.
    const dates = arriveBy({ ...seller, now: new Date('2026-11-24T19:30:00Z') });
    expect(dates).toEqual({ shipDate: '2026-11-27', arriveByDate: '2026-12-02' });
  });

  it('starts the next business day after the cut-off', () => {
    // 14:30 in Chicago: after the cut-off, so handling starts Wednesday.
    const dates = arriveBy({ ...seller, now: new Date('2026-11-24T20:30:00Z') });
    expect(dates).toEqual({ shipDate: '2026-11-30', arriveByDate: '2026-12-03' });
    // The same instant is 15:30 in New York: a New York seller with a 16:00 cut-off still ships sooner.
    const newYork = arriveBy({
      ...seller,
      timezone: 'America/New_York',
      cutoffHour: 16,
      now: new Date('2026-11-24T20:30:00Z'),
    });
    expect(newYork.shipDate).toBe('2026-11-27');
  });

  it('starts on Monday for a weekend order', () => {
    const dates = arriveBy({ ...seller, handlingDays: 1, transitDays: 1, now: new Date('2026-11-21T15:00:00Z') });
    expect(dates).toEqual({ shipDate: '2026-11-24', arriveByDate: '2026-11-25' });
  });

  it('shows the same calendar day in every US timezone', () => {
    const ts = displayTimestamp('2026-12-02');
    expect(new Date(ts).toISOString()).toBe('2026-12-02T12:00:00.000Z');
    expect(arriveByLabel(ts)).toBe('Arrives by Wednesday, Dec 2');
    expect(new Date(ts).toLocaleDateString('en-US', { timeZone: 'Pacific/Honolulu' })).toBe('12/2/2026');
  });

  it('takes longer by ground the farther it goes, and longer outside the contiguous states', () => {
    expect(transitDays('ground', 100, 'WA')).toBe(1);
    expect(transitDays('ground', 800, 'WA')).toBe(3);
    expect(transitDays('ground', 2500, 'WA')).toBe(5);
    expect(transitDays('express', 900, 'OR')).toBe(1);
    expect(transitDays('express', 2500, 'AK')).toBe(3);
    expect(transitDays('freight', 1000, 'TX')).toBe(4);
  });
});
