import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { z } from 'zod';
import { loadShopper } from '~/modules/access/shopper.server';
import { runCartIntent } from '~/modules/cart/cart-actions.server';
import { MAX_LINE_QUANTITY } from '~/components/page-essentials';
import { apiError, apiRoute, readJsonBody, withHeaders } from '~/modules/http/api.server';
import { markStateVersionsHandled } from '~/modules/http/handled-state-versions';

const Body = z.object({
  productId: z.number().int().positive(),
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY).default(1),
});

/** Spec section 7: cart add. Guests get a guest cart (its id in a signed cookie). */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const shopper = await loadShopper(request);
  const body = await readJsonBody(request, Body);
  const { answer, setCookies, stateNoted } = await runCartIntent(request, shopper, { intent: 'add', ...body });
  if (!answer.ok) return apiError(answer.code === 'UNKNOWN_PRODUCT' ? 404 : 409, answer.code, answer.message);
  const headers = withHeaders(shopper.headers, { 'Cache-Control': 'no-store' });
  for (const cookie of setCookies) headers.append('Set-Cookie', cookie);
  markStateVersionsHandled(headers, stateNoted);
  return json({ productId: answer.productId, itemCount: answer.itemCount }, { headers });
});
