import { z } from 'zod';
import { checkQuantity, LIST_MESSAGES } from './list-rules';

/** The lists pages' forms (server only: pages do not bundle zod). Names and texts are checked by list-rules. */
const id = (message: string) => z.coerce.number({ invalid_type_error: message }).int(message).positive(message);
const listId = id(LIST_MESSAGES.notFound);
const itemId = id(LIST_MESSAGES.itemNotFound);
const productId = id(LIST_MESSAGES.unknownProduct).max(2_147_483_647, LIST_MESSAGES.unknownProduct);
const quantity = z
  .string()
  .max(20, LIST_MESSAGES.quantity)
  .transform((value, ctx) => {
    const checked = checkQuantity(value);
    if (checked.ok) return checked.value;
    ctx.addIssue({ code: 'custom', message: checked.message });
    return z.NEVER;
  });
const quantityOrOne = z
  .string()
  .max(20, LIST_MESSAGES.quantity)
  .optional()
  .transform((value, ctx) => {
    const checked = checkQuantity(value ?? '1');
    if (checked.ok) return checked.value;
    ctx.addIssue({ code: 'custom', message: checked.message });
    return z.NEVER;
  });
const name = z.string({ required_error: LIST_MESSAGES.nameEmpty }).max(20_000, LIST_MESSAGES.nameLong);
const text = z.string({ required_error: LIST_MESSAGES.textEmpty }).max(20_000, LIST_MESSAGES.textLong);

export const overviewForm = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('create'), name }),
  z.object({ intent: z.literal('delete'), listId }),
]);

export const listPageForm = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('add-text'), text }),
  z.object({ intent: z.literal('quantity'), itemId, quantity }),
  z.object({ intent: z.literal('remove'), itemId }),
  z.object({ intent: z.literal('up'), itemId }),
  z.object({ intent: z.literal('down'), itemId }),
  z.object({ intent: z.literal('check'), itemId }),
  z.object({ intent: z.literal('uncheck'), itemId }),
  z.object({ intent: z.literal('rename'), name }),
  z.object({ intent: z.literal('add-to-cart') }),
]);

export const storeModeForm = z.object({
  intent: z.literal('check'),
  itemId,
  checked: z.enum(['true', 'false']),
});

export const addToListForm = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('add-product'),
    productId,
    quantity: quantityOrOne,
    listId: listId.optional(),
  }),
  // A product card's "Add to list" posts the card's add-to-cart fields here.
  z.object({ intent: z.literal('add'), productId, quantity: quantityOrOne, listId: listId.optional() }),
  z.object({
    intent: z.literal('add-recipe'),
    slug: z.string().regex(/^[a-z0-9-]{1,120}$/, 'We could not find that recipe.'),
    listId: listId.optional(),
  }),
]);

/** `/shop/lists/12.html` → 12; anything else → null (a not-found page). */
export function listIdFromParam(param: string | undefined): number | null {
  const match = /^(\d{1,9})\.html$/.exec(param ?? '');
  return match ? Number(match[1]) : null;
}
