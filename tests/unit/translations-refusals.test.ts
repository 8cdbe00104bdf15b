import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { STAFF_ONLY_MESSAGE, STAFF_ONLY_TITLE, STAFF_STORE_NOT_FOUND } from '~/modules/access/staff-access';
import { Location } from '~/modules/catalog/shop-page-schema';
import { CONTENT_LINK_MESSAGES } from '~/modules/content/content-mode';
import { queueQuerySchema, pickListQuerySchema } from '~/modules/fulfilment/staff-forms';
import {
  BAD_INPUT,
  FORM_NOT_VALID_MESSAGE,
  parseSearchParams,
  QUERY_NOT_UNDERSTOOD_MESSAGE,
  queryWords,
  type IssueWords,
} from '~/modules/http/forms.server';
import { CROSS_SITE_MESSAGE } from '~/modules/http/same-origin.server';
import { NAMESPACES, RESOURCES } from '~/modules/i18n/translations.server';
import { galleryFiltersSchema } from '~/modules/offers/gallery-filters';
import { orderNumberSchema } from '~/modules/orders/order-rules';
import { pharmacyQuerySchema } from '~/modules/pharmacy/pharmacy-rules';
import { crossSellerParamsSchema, searchParamsSchema, wineSearchParamsSchema } from '~/modules/search/query-schema';
import { slotQuerySchema } from '~/modules/slots/slot-rules';
import { storePageQuerySchema } from '~/modules/staff/store-manager-rules';

/**
 * Refusals a page shows on its error page, in Spanish too (decision 0116). An error page carries only the common
 * strings: a message from any other namespace must be written in the page's language where it is thrown.
 */

const spanishKeys = (namespaces: readonly (typeof NAMESPACES)[number][] = NAMESPACES) =>
  new Set(namespaces.flatMap((namespace) => Object.keys(RESOURCES.es[namespace])));

async function thrownBody(run: () => unknown): Promise<{ status: number; body: { code: string; message: string } }> {
  try {
    run();
  } catch (error) {
    if (error instanceof Response) return { status: error.status, body: await error.json() };
    throw error;
  }
  throw new Error('nothing was thrown');
}

const page = (query: string) => new Request(`http://localhost/page?${query}`);

describe("a page's query refusal", () => {
  it('is written in the page’s language, whichever namespace holds its words', async () => {
    const sort = () => parseSearchParams(page('sort=random'), galleryFiltersSchema, 'es');
    expect(await thrownBody(sort)).toEqual({
      status: 400,
      body: { code: 'BAD_QUERY', message: 'Ordene por vencimiento o por valor.' },
    });
    const english = await thrownBody(() => parseSearchParams(page('sort=random'), galleryFiltersSchema, 'en'));
    expect(english.body.message).toBe('Sort by expiry or value.');
    const day = await thrownBody(() => parseSearchParams(page('type=boat'), slotQuerySchema, 'es'));
    expect(day.body.message).toBe('Elija entrega a domicilio o recogida.');
  });

  it('writes a message with a value in it anew, the value as given', async () => {
    const free = await thrownBody(() => parseSearchParams(page('free=peanuts,gluten'), searchParamsSchema, 'es'));
    expect(free.body.message).toBe(
      'No conocemos el alérgeno “gluten”. Elija entre: milk, eggs, fish, shellfish, tree-nuts, peanuts, wheat, soybeans, sesame.',
    );
    // The schema's own message stays the English sentence, for every other reader of the schema.
    expect(searchParamsSchema.safeParse({ free: 'gluten' }).error?.issues[0]?.message).toMatch(
      /^“gluten” is not an allergen we know\./,
    );
  });

  it('says zod’s own words in none of its languages: the generic sentence instead', async () => {
    const show = await thrownBody(() => parseSearchParams(page('store=1001&show=everything'), queueQuerySchema, 'es'));
    expect(show.body.message).toBe('Esa dirección tiene un parámetro que no entendemos.');
    const english = await thrownBody(() => parseSearchParams(page('page=-3'), galleryFiltersSchema, 'en'));
    expect(english.body.message).toBe(QUERY_NOT_UNDERSTOOD_MESSAGE);
  });

  it('has Spanish words for every refusal the shared query schemas can give', () => {
    const schemas: Record<string, z.AnyZodObject> = {
      searchParamsSchema,
      crossSellerParamsSchema,
      wineSearchParamsSchema,
      slotQuerySchema,
      queueQuerySchema,
      pickListQuerySchema,
      storePageQuerySchema,
      pharmacyQuerySchema,
      Location,
      galleryFiltersSchema,
      orderNumber: z.object({ orderNumber: orderNumberSchema }),
    };
    const junk = ['zzz', '', 'x'.repeat(3000), '-1', '0', '1.5', '99999999999', 'ZZZ', 'peanuts,zzz'];
    const spanish = spanishKeys();
    const missing = new Set<string>();
    for (const [name, schema] of Object.entries(schemas))
      for (const field of Object.keys(schema.shape))
        for (const value of junk) {
          // parseSearchParams's own error map: what the page would say.
          const parsed = schema.safeParse({ [field]: value }, { errorMap: queryWords });
          for (const issue of parsed.error?.issues ?? []) {
            const words = issue.code === 'custom' ? (issue.params?.words as IssueWords | undefined) : undefined;
            const key = words?.key ?? issue.message;
            if (!spanish.has(key)) missing.add(`${name}.${field}: ${key}`);
          }
        }
    expect([...missing]).toEqual([]);
  });
});

describe('refusals shown on an error page', () => {
  it('has the shared refusals of every page (a bad form, a cross-site post, a bad query) in the common strings', () => {
    const common = spanishKeys(['common']);
    const shared = [
      ...Object.values(BAD_INPUT).map((problem) => problem.message),
      CROSS_SITE_MESSAGE,
      FORM_NOT_VALID_MESSAGE,
      QUERY_NOT_UNDERSTOOD_MESSAGE,
    ];
    expect(shared.filter((message) => !common.has(message))).toEqual([]);
  });

  it('has the staff pages’ refusals and the content link page’s in the staff strings', () => {
    const staff = spanishKeys(['staff']);
    const messages = [
      STAFF_ONLY_TITLE,
      STAFF_ONLY_MESSAGE,
      STAFF_STORE_NOT_FOUND,
      ...Object.values(CONTENT_LINK_MESSAGES),
    ];
    expect(messages.filter((message) => !staff.has(message))).toEqual([]);
  });
});
