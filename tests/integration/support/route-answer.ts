import type { ActionFunctionArgs } from '@remix-run/node';

/**
 * Calls a route's loader or action with a request, as Remix would, and reads its JSON answer, whether the route
 * returned the response or threw it (refusals are thrown). The body is loosely typed: each test asserts its shape.
 */
export async function routeAnswer(
  handler: (args: ActionFunctionArgs) => unknown,
  request: Request,
  params: Record<string, string> = {},
) {
  let response: Response;
  try {
    response = (await handler({ request, params, context: {} })) as Response;
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    response = thrown;
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads whatever the route answered
  const body = (await response.json()) as Record<string, any>;
  return { status: response.status, headers: response.headers, body };
}
