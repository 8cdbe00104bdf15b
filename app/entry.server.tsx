import type { ActionFunctionArgs, EntryContext, HandleErrorFunction, LoaderFunctionArgs } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { renderToString } from 'react-dom/server';
import { NonceProvider } from '~/components/Nonce';
import { log } from '~/modules/config/logger.server';
import {
  markIfUnavailable,
  unavailableHtml,
  unavailableJson,
  wasUnavailable,
} from '~/modules/http/database-unavailable.server';
import { applySecurityHeaders, createNonce, storefrontTrustedOrigins } from '~/modules/http/security-headers.server';
import { withScriptsAfterFirstPaint } from '~/modules/http/scripts-after-paint.server';

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  if (wasUnavailable(request)) return unavailableDocument(request, responseHeaders, remixContext);
  // One nonce per response: in the CSP header and on every inline script/style the tree renders.
  const nonce = createNonce();
  // The whole document at once, sent as one body (decision 0052). Nothing on a page suspends on the server (no
  // deferred data; lazy parts load only in the browser), so streaming sent nothing sooner, and React 18's
  // string renderer costs a quarter less CPU per page than its Node stream renderer. A render that throws is
  // rendered again by Remix with the error (its 500 page), as a failed stream shell was. renderToString writes
  // no doctype (the stream renderer did): without it a browser lays the page out in quirks mode.
  const html = Buffer.from(
    withScriptsAfterFirstPaint(
      '<!DOCTYPE html>' +
        renderToString(
          <NonceProvider value={nonce}>
            <RemixServer context={remixContext} url={request.url} />
          </NonceProvider>,
        ),
    ),
  );
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  responseHeaders.set('Content-Length', String(html.length));
  applySecurityHeaders(responseHeaders, { nonce, trustedOrigins: storefrontTrustedOrigins(request) });
  return new Response(html, { headers: responseHeaders, status: responseStatusCode });
}

/** A 503 page with Retry-After when a loader or action failed because the database (or a dependency) is unavailable. */
function unavailableDocument(request: Request, responseHeaders: Headers, remixContext: EntryContext) {
  const links = remixContext.routeModules.root?.links?.() ?? [];
  const stylesheets = links.flatMap((link) =>
    'rel' in link && link.rel === 'stylesheet' && typeof link.href === 'string' ? [link.href] : [],
  );
  const response = unavailableHtml(stylesheets, responseHeaders);
  applySecurityHeaders(response.headers, { trustedOrigins: storefrontTrustedOrigins(request) });
  return response;
}

export function handleDataRequest(response: Response, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  // A caught 503 the client router shows in the root ErrorBoundary (ErrorMessage's 503 copy).
  if (wasUnavailable(request)) response = unavailableJson({ 'X-Remix-Catch': 'yes' });
  applySecurityHeaders(response.headers, { trustedOrigins: storefrontTrustedOrigins(request) });
  return response;
}

/** Errors are logged with their stack on the server; pages only ever show a friendly message. */
export const handleError: HandleErrorFunction = (error, { request }: LoaderFunctionArgs | ActionFunctionArgs) => {
  if (request.signal.aborted) return;
  const unavailable = markIfUnavailable(request, error);
  log.error(unavailable ? `${unavailable} unavailable` : 'request failed', {
    url: request.url,
    error: error instanceof Error ? error.message : String(error),
    stack: error instanceof Error ? error.stack : undefined,
  });
};

/** The private page cache's hooks, called by server/app-server.ts with this build's own modules (decision 0027). */
export { noteStateChange, privatePageGrant } from '~/modules/http/private-pages.server';

/** The server waits for the work run after answers before it stops (server/shutdown.ts, decision 0054). */
export { settledAfterAnswer } from '~/modules/identity/after-answer.server';
