import type { ActionFunctionArgs } from '@remix-run/node';
import { apiRoute } from '~/modules/http/api.server';
import { keepMeSignedInCall } from '~/modules/identity/keep-me-signed-in-call.server';

/** Spec section 7, customer-session kmsi: keep this browser signed in (where the site offers it). */
export const action = apiRoute(({ request }: ActionFunctionArgs) => keepMeSignedInCall(request, true));
