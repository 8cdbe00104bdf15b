import { z } from 'zod';
import type { AuthorizedShopper } from '~/modules/access/shopper.server';
import { parseForm, parseSearchParams } from '~/modules/http/forms.server';
import { readGeoAddress } from '~/modules/session/consent.server';
import { PREFERENCES } from '~/modules/session/session-schema';
import { decodeAddressParam } from './address-param';
import { findStores } from './set-store.server';
import { applyStoreChoiceFields, type StoreChoiceOutcome } from './store-choice-flow.server';
import { storeChoiceSchema } from './store-choice-schema';

const FinderQuery = z.object({
  zipcode: z.string().trim().max(10).optional(),
  addr: z.string().max(1000).optional(),
  resolvedBy: z
    .string()
    .regex(/^[A-Za-z_-]{1,40}$/)
    .optional(),
  preference: z.enum(PREFERENCES).catch('Delivery').default('Delivery'),
  goto: z.string().max(2048).optional(),
  /** A deep link's store, shown first for a signed-in customer to confirm with one click. */
  store: z
    .string()
    .regex(/^\d{1,4}$/)
    .optional()
    .catch(undefined),
});

/**
 * What the store finder shows: the stores for the ZIP code asked for (or the one an address link or the shopper's
 * shared location gives), a deep link's store first. Here rather than in the route, so the schemas (zod) stay out
 * of the page's JavaScript.
 */
export async function storeFinderPage(request: Request, shopper: AuthorizedShopper) {
  const query = parseSearchParams(request, FinderQuery, shopper.language);
  const address = decodeAddressParam(query.addr);
  const remembered = query.zipcode || address ? null : await readGeoAddress(request, shopper);
  const zipcode = query.zipcode || address?.zipcode || remembered?.zipcode || null;
  const finder = await findStores(shopper, { zipcode, preference: query.preference });
  const linked = query.store ? finder.stores.find((store) => store.storeId === query.store) : undefined;
  return {
    ...finder,
    stores: linked ? [linked, ...finder.stores.filter((store) => store !== linked)] : finder.stores,
    linkedStoreId: linked?.storeId ?? null,
    goto: query.goto ?? null,
    resolvedBy: query.resolvedBy ?? (address ? 'address' : null),
    address: address?.address ?? remembered?.address ?? null,
    bannerId: shopper.host.bannerId,
  };
}

/** The store finder's form: the store chosen, or the message to show beside the form. */
export async function chooseStoreFromFinder(request: Request, shopper: AuthorizedShopper): Promise<StoreChoiceOutcome> {
  const form = await parseForm(request, storeChoiceSchema);
  if (!form.ok) return { ok: false, message: form.message };
  return applyStoreChoiceFields(request, shopper, form.data);
}
