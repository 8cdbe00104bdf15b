import { z } from 'zod';

/** The add-to-cart forms of product pages and recipe pages ("add all ingredients"). */
export const AddToCartForm = z.object({
  intent: z.enum(['add-to-cart', 'add-all-to-cart'], { message: 'That form is not one we know.' }),
  productId: z
    .union([z.string(), z.array(z.string()).max(60, 'That is too many products at once.')], {
      message: 'Choose a product.',
    })
    .transform((value) => (Array.isArray(value) ? value : [value]).map(Number))
    .refine((ids) => ids.length > 0 && ids.every((id) => Number.isSafeInteger(id) && id > 0), 'Choose a product.'),
  quantity: z.coerce
    .number({ message: 'Quantity is a number.' })
    .int('Quantity is a whole number.')
    .min(1, 'Choose at least 1.')
    .max(99, 'You can add up to 99 at a time.')
    .optional()
    .default(1),
});
