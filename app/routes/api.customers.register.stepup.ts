import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { z } from 'zod';
import { loadShopper } from '~/modules/access/shopper.server';
import { clubCardNumber } from '~/modules/customers/store-card-schema';
import { STORE_CARD_BUSINESS_MESSAGE } from '~/modules/customers/store-card-words';
import { apiError, apiRoute, methodNotAllowed, readJsonBody } from '~/modules/http/api.server';
import { registrationSchema } from '~/modules/identity/registration-schema';
import { signUpAndSignIn } from '~/modules/identity/sign-up-flow.server';

/** A missing field is named in the refusal; a present one keeps registration's own message. */
const named = <T extends z.ZodTypeAny>(name: string, field: T) =>
  z.string({ required_error: `Send ${name}.`, invalid_type_error: `Send ${name} as a string.` }).pipe(field);

const Body = z
  .object({
    clubCard: named('clubCard', clubCardNumber),
    phone: named('phone', registrationSchema.shape.phone),
    firstName: named('firstName', registrationSchema.shape.firstName),
    lastName: named('lastName', registrationSchema.shape.lastName),
    email: named('email', registrationSchema.shape.email),
    password: named('password', registrationSchema.shape.password),
    zipcode: named('zipcode', registrationSchema.shape.zipcode),
    goto: z.string().max(2048).optional(),
  })
  .strict();

/**
 * Spec section 7, customer service `register/stepup` (decision 0102): registration that turns a store card (its
 * number and the phone on it, which is also the account's phone) into an online account with the card's household
 * and points. Answers `{ redirectTo }` (the automatic sign-in, kept signed in as registration is) with its cookies,
 * the same for an email that already has an account (decision 0030; the card then stays as it was). A card that
 * does not match is 400 `CARD_NOT_FOUND`; one with an account already, 409 `CARD_ALREADY_LINKED`.
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed('POST', 'Use POST to register with a store card.');
  const body = await readJsonBody(request, Body);
  const shopper = await loadShopper(request);
  if (shopper.host.siteType === 'B') throw apiError(404, 'BUSINESS_SITE', STORE_CARD_BUSINESS_MESSAGE);
  if (shopper.userType === 'C')
    throw apiError(403, 'SIGNED_IN', 'You are signed in already. Sign out to create another account.');
  const { clubCard, goto, ...registration } = body;
  const outcome = await signUpAndSignIn(request, shopper, registration, {
    goto: goto ?? '/',
    storeCard: { clubCard, phone: registration.phone },
  });
  if (!outcome.ok) {
    const refusal = apiError(outcome.status, outcome.code, outcome.message);
    if (outcome.retryAfterSeconds) refusal.headers.set('Retry-After', String(outcome.retryAfterSeconds));
    throw refusal;
  }
  const headers = new Headers(shopper.headers);
  for (const cookie of outcome.setCookies) headers.append('Set-Cookie', cookie);
  headers.set('Cache-Control', 'no-store');
  return json({ redirectTo: outcome.redirectTo }, { headers });
});
