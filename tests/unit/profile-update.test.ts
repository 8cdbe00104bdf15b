import { describe, expect, it } from 'vitest';
import {
  buildGeoPayload,
  buildStoresPayload,
  geoPreferencesSchema,
  PREFERENCE_DEF_IDS,
  storesUpdateSchema,
} from '~/modules/profile/profile-payload';
import {
  interpretProfileUpdateResponse,
  PROFILE_UPDATE_MESSAGES,
  updateProfile,
  type ProfileTransport,
} from '~/modules/profile/profile-update-client';
import { promptDue, PROMPT_INTERVAL_MS } from '~/modules/profile/profile-rules';

const choice = { storeId: '1001', preference: 'Dug' as const, zipcode: '98101-1234', banner: 'greenleaf' };
const context = { keepMeSignedIn: 'true', returnTo: '/set-store.html?zipcode=98101&preference=Dug' };

describe('the classic profile update payload', () => {
  it('saves a pickup choice as a DriveUp store with method DUG and the 5-digit ZIP', () => {
    expect(buildStoresPayload(choice)).toEqual({
      Stores: [{ storeId: '1001', storePreference: 'DriveUp', address: { zipCode: '98101' }, banner: 'greenleaf' }],
      Preferences: [{ categoryCode: 'FULFILLMENT', subCategoryCode: 'METHOD', value: 'DUG', bannerId: 'greenleaf' }],
      postalCodes: [{ purposes: ['DUG'], postalCode: '98101', bannerId: 'greenleaf' }],
    });
  });

  it.each([
    ['Delivery', 'DELIVERY'],
    ['J4U', 'J4U'],
  ] as const)('saves %s as a Preferred store with method %s', (preference, method) => {
    const payload = buildStoresPayload({ ...choice, preference });
    expect(payload.Stores![0]!.storePreference).toBe('Preferred');
    expect(payload.Preferences![0]!.value).toBe(method);
    expect(storesUpdateSchema.safeParse(payload).success).toBe(true);
  });

  it('is refused by the service schema with an unknown method or an empty update', () => {
    const payload = buildStoresPayload(choice);
    expect(
      storesUpdateSchema.safeParse({ ...payload, Preferences: [{ ...payload.Preferences![0]!, value: 'PICKUP' }] })
        .success,
    ).toBe(false);
    expect(storesUpdateSchema.safeParse({}).success).toBe(false);
  });
});

describe('the geo-flow payload', () => {
  it('saves the method and the drive-up store under their fixed preference definition ids', () => {
    expect(buildGeoPayload(choice)).toEqual({
      preferences: [
        { preferenceDefId: PREFERENCE_DEF_IDS.fulfillmentMethod, value: 'DUG', banner: 'greenleaf' },
        { preferenceDefId: PREFERENCE_DEF_IDS.driveUpStore, value: '1001', banner: 'greenleaf' },
      ],
    });
  });

  it('saves an in-store or delivery store under the in-store definition', () => {
    const payload = buildGeoPayload({ ...choice, preference: 'J4U' });
    expect(payload.preferences[1]).toEqual({
      preferenceDefId: PREFERENCE_DEF_IDS.inStoreStore,
      value: '1001',
      banner: 'greenleaf',
    });
    expect(geoPreferencesSchema.safeParse(payload).success).toBe(true);
  });

  it('refuses a method value under the store definition and vice versa', () => {
    const bad = {
      preferences: [{ preferenceDefId: PREFERENCE_DEF_IDS.driveUpStore, value: 'DUG', banner: 'greenleaf' }],
    };
    expect(geoPreferencesSchema.safeParse(bad).success).toBe(false);
  });
});

describe('reading the profile service answer', () => {
  it('answers the success message on a 2xx', () => {
    expect(interpretProfileUpdateResponse({ status: 200, statusText: 'OK' }, context)).toEqual({
      success: true,
      message: 'We have Successfully updated your profile',
    });
  });

  it.each([401, 403])('sends a kept-signed-in customer to sign in with goto on %i', (status) => {
    expect(interpretProfileUpdateResponse({ status, statusText: 'Unauthorized' }, context)).toEqual({
      success: false,
      action: 'redirect',
      redirectTo: '/account/sign-in.html?goto=%2Fset-store.html%3Fzipcode%3D98101%26preference%3DDug',
    });
  });

  it.each([
    [401, 'false'],
    [403, 'false'],
    [401, null],
    [403, 'Error'],
  ])('reloads on %i when keep-me-signed-in is %s', (status, keepMeSignedIn) => {
    expect(interpretProfileUpdateResponse({ status, statusText: 'Forbidden' }, { ...context, keepMeSignedIn })).toEqual(
      { success: false, action: 'reload' },
    );
  });

  it.each([
    [404, 'Not Found'],
    [400, 'Bad Request'],
    [500, 'Internal Server Error'],
  ])('fails with the status text on %i', (status, statusText) => {
    expect(interpretProfileUpdateResponse({ status, statusText }, context)).toEqual({
      success: false,
      action: 'message',
      message: statusText,
    });
  });
});

describe('updating the profile', () => {
  const recording = () => {
    const calls: { path: string; body: unknown }[] = [];
    const transport: ProfileTransport = async (call) => {
      calls.push({ path: call.path, body: call.body });
      return { status: 200, statusText: 'OK' };
    };
    return { calls, transport };
  };

  it('sends nothing and says so without a customer id', async () => {
    const { calls, transport } = recording();
    for (const customerId of [null, undefined, '', '  ']) {
      expect(await updateProfile({ customerId, choice, geoFlow: false }, context, transport)).toEqual({
        success: false,
        action: 'message',
        message: 'CustomerId is not Available to Update Profile',
      });
    }
    expect(calls).toEqual([]);
  });

  it('posts the classic payload to the stores path, or the geo payload to the fulfilment path', async () => {
    const { calls, transport } = recording();
    const classic = await updateProfile({ customerId: '500001', choice, geoFlow: false }, context, transport);
    const geo = await updateProfile({ customerId: '500001', choice, geoFlow: true }, context, transport);
    expect(classic).toEqual({ success: true, message: PROFILE_UPDATE_MESSAGES.success });
    expect(geo.success).toBe(true);
    expect(calls.map((call) => call.path)).toEqual([
      '/ucaservice/api/uca/customers/500001/stores',
      '/api/customers/500001/preferences/fulfillment',
    ]);
    expect(calls[0]!.body).toEqual(buildStoresPayload(choice));
    expect(calls[1]!.body).toEqual(buildGeoPayload(choice));
  });

  it('fails with a message when the service cannot be reached', async () => {
    const result = await updateProfile({ customerId: '500001', choice, geoFlow: false }, context, async () => {
      throw new Error('ECONNREFUSED');
    });
    expect(result).toEqual({
      success: false,
      action: 'message',
      message: 'The profile service could not be reached',
    });
  });
});

describe('emailPrompt180 / phonePrompt180', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  it('is due for an unverified address never prompted, and never for a verified one', () => {
    expect(promptDue(false, null, now)).toBe(true);
    expect(promptDue(true, null, now)).toBe(false);
  });
  it('stays away for 180 days after it was shown, then is due again', () => {
    const justUnder = new Date(now.getTime() - PROMPT_INTERVAL_MS + 1000).toISOString();
    const exactly = new Date(now.getTime() - PROMPT_INTERVAL_MS).toISOString();
    expect(promptDue(false, now.toISOString(), now)).toBe(false);
    expect(promptDue(false, justUnder, now)).toBe(false);
    expect(promptDue(false, exactly, now)).toBe(true);
  });
});
