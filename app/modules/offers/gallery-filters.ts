import { z } from 'zod';
import { OFFER_CATEGORIES } from '~/db/seed/data/offer-vocabulary';

/** The gallery's filters; page-safe, since routes build their query schemas from them at load. */
export const OFFER_TYPES = ['Manufacturer Coupon', 'Store Coupon', 'Personalized Deal', 'Rewards'] as const;

/** An empty choice ("All categories") arrives as an empty string: the same as no filter. */
const emptyAsMissing = (value: unknown) => (value === '' ? undefined : value);

export const galleryFiltersSchema = z.object({
  category: z.preprocess(
    emptyAsMissing,
    z
      .string()
      .max(60)
      .refine((name) => OFFER_CATEGORIES.some((category) => category.name === name) || name === 'Grocery', {
        message: 'That category does not exist.',
      })
      .optional(),
  ),
  type: z.preprocess(
    emptyAsMissing,
    z.enum(OFFER_TYPES, { errorMap: () => ({ message: 'That offer type does not exist.' }) }).optional(),
  ),
  q: z
    .string()
    .trim()
    .max(80, 'Search for 80 characters or fewer.')
    .optional()
    .transform((value) => value || undefined),
  sort: z.enum(['expiry', 'value'], { errorMap: () => ({ message: 'Sort by expiry or value.' }) }).default('expiry'),
  page: z.coerce.number().int().min(1).max(500).default(1),
});
export type GalleryFilters = z.infer<typeof galleryFiltersSchema>;
