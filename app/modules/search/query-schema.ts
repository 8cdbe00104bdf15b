import { z } from 'zod';
import { ALLERGENS, NUTRITION_CLAIMS, parseIdList } from '~/modules/catalog/label-flags';
import { translate } from '~/modules/i18n/translate';
import { DIETARY_TAGS, MAX_PAGE, PRICE_BUCKETS, SEARCH_TABS, SORTS } from './search-options';

const slug = (what: string) =>
  z
    .string()
    .max(80, `That ${what} name is too long.`)
    .regex(/^[a-z0-9-]+$/, `That ${what} is not one we know.`)
    .optional();

/** What is read of a query parameter at most; parseQuery then keeps the words it searches. */
const MAX_QUERY_INPUT = 2_000;

/** An unknown id in a list (keys in shop.json). */
const UNKNOWN_ID = {
  allergen: '“{{value}}” is not an allergen we know. Choose from: {{choices}}.',
  'nutrition filter': '“{{value}}” is not a nutrition filter we know. Choose from: {{choices}}.',
} as const;

/**
 * A comma-separated list of known ids ("peanuts,milk"); an unknown one is a 400 naming it, as a bad diet is. The
 * refusal carries its words (`params.words`) so the page writes it in the shopper's language.
 */
const idList = (known: readonly { id: string }[], what: 'allergen' | 'nutrition filter') =>
  z
    .string()
    .max(200, `That ${what} list is too long.`)
    .optional()
    .superRefine((value, ctx) => {
      const unknown = parseIdList(value, known).unknown;
      if (unknown.length) {
        const values = { value: unknown[0]!.slice(0, 40), choices: known.map((k) => k.id).join(', ') };
        const key = UNKNOWN_ID[what];
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: translate({}, 'en', key, values),
          params: { words: { key, values } },
        });
      }
    });

const ids = <T extends readonly { id: string }[]>(list: T) => list.map((entry) => entry.id) as [string, ...string[]];

/** The query parameters of a search or listing page; bad values are a 400 with these messages. */
export const searchParamsSchema = z.object({
  // Any text is a search: parseQuery keeps its first MAX_QUERY_CHARS characters, so a pasted page of
  // text answers like its beginning would, never with an error.
  q: z
    .string()
    .optional()
    .default('')
    .transform((q) => q.slice(0, MAX_QUERY_INPUT)),
  tab: z.enum(SEARCH_TABS, { message: 'The tab is products or recipes.' }).optional().default('products'),
  sort: z
    .enum(ids(SORTS), { message: 'Sort by relevance, price-asc, price-desc or unit-price.' })
    .optional()
    .default('relevance'),
  page: z.coerce
    .number({ message: 'The page is a number.' })
    .int('The page is a whole number.')
    .min(1, 'Pages start at 1.')
    .max(MAX_PAGE, `We show at most ${MAX_PAGE} pages. Narrow the search instead.`)
    .optional()
    .default(1),
  department: slug('department'),
  aisle: slug('aisle'),
  brand: slug('brand'),
  seller: slug('seller'),
  diet: z.enum(ids(DIETARY_TAGS), { message: 'That dietary filter is not one we know.' }).optional(),
  price: z.enum(ids(PRICE_BUCKETS), { message: 'That price range is not one we know.' }).optional(),
  /** Free from these allergens (catalog/label-flags.ts), e.g. free=peanuts,milk. */
  free: idList(ALLERGENS, 'allergen'),
  /** Nutrient content claims the label meets, e.g. nutrition=low-sodium. */
  nutrition: idList(NUTRITION_CLAIMS, 'nutrition filter'),
  offer: z.enum(['1'], { message: 'The on-offer filter is offer=1.' }).optional(),
  snap: z.enum(['1'], { message: 'The SNAP filter is snap=1.' }).optional(),
  spell: z.enum(['off'], { message: 'spell=off searches for exactly what you typed.' }).optional(),
});
export type SearchParamsInput = z.infer<typeof searchParamsSchema>;

/** The cross-seller search page reads only q and spell. (Here, not in the route, so no page bundles zod.) */
export const crossSellerParamsSchema = searchParamsSchema.pick({ q: true, spell: true });

/** The wine shop's search adds varietal and region. */
export const wineSearchParamsSchema = searchParamsSchema.extend({
  varietal: z.string().max(60, 'That varietal name is too long.').optional(),
  region: z.string().max(60, 'That region name is too long.').optional(),
});
