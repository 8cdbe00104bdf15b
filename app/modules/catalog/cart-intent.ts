import { z } from 'zod';

/** The add-to-cart forms (product pages, recipe pages). The cart itself arrives with issue 7. */
export const AddToCartForm = z.object({
  intent: z.enum(['add-to-cart', 'add-all-to-cart'], { message: 'That form is not one we know.' }),
  productId: z.union([z.string(), z.array(z.string())]).optional(),
  quantity: z.coerce
    .number({ message: 'Quantity is a number.' })
    .int('Quantity is a whole number.')
    .min(1, 'Choose at least 1.')
    .max(99, 'You can add up to 99 at a time.')
    .optional()
    .default(1),
});
