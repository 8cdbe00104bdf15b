import type { ActionFunctionArgs, EntryContext, HandleErrorFunction, LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { isRouteErrorResponse, RemixServer } from '@remix-run/react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { NonceProvider } from '~/components/Nonce';
import { UnavailablePage } from '~/components/UnavailablePage';
import { log } from '~/modules/config/logger.server';
import {
  markIfUnavailable,
  renderUnavailableDocumentWith,
  unavailableHtml,
  unavailableJson,
  wasUnavailable,
} from '~/modules/http/database-unavailable.server';
import { BAD_REQUEST_MESSAGE, isValidHostHeader } from '~/modules/http/request-line';
import { applySecurityHeaders, createNonce, storefrontTrustedOrigins } from '~/modules/http/security-headers.server';
import { withScriptsAfterFirstPaint } from '~/modules/http/scripts-after-paint.server';
import { ensureMailWorkerFromRequest } from '~/modules/mail/worker-lifecycle.server';
import { markContentModeResponse } from '~/modules/content/content-chrome.server';
import { echoMemorySession } from '~/modules/session/memory-session.server';
import { inlinePageStrings } from '~/modules/i18n/page-strings.server';
import { samlFormActionOrigins } from '~/modules/saml/service-providers.server';

renderUnavailableDocumentWith((stylesheets) => renderToStaticMarkup(<UnavailablePage stylesheets={stylesheets} />));

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  // Under the stock remix-serve nothing else starts the mail worker: the first request does (once).
  ensureMailWorkerFromRequest();
  if (wasUnavailable(request)) return unavailableDocument(request, responseHeaders, remixContext);
  if (!hasValidHost(request)) return badRequest(request, 'text');
  // One nonce per response: in the CSP header and on every inline script/style the tree renders.
  const nonce = createNonce();
  // The whole document at once, sent as one body. Nothing on a page suspends on the server (no
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
  // Remix answers 405 for a page without an action: say which methods it does take.
  if (responseStatusCode === 405) responseHeaders.set('Allow', 'GET, HEAD');
  applySecurityHeaders(responseHeaders, {
    nonce,
    trustedOrigins: storefrontTrustedOrigins(request),
    formActionOrigins: samlFormActionOrigins(request),
  });
  // A page in a content mode (decision 0093) is never stored by any cache, the storefront's own included.
  if (inContentMode(remixContext)) markContentModeResponse(responseHeaders);
  return new Response(html, { headers: responseHeaders, status: responseStatusCode });
}

function inContentMode(remixContext: EntryContext): boolean {
  const root: unknown = remixContext.staticHandlerContext.loaderData?.root;
  return Boolean(root && typeof root === 'object' && 'contentMode' in root && root.contentMode);
}

/** A 503 page with Retry-After when a loader or action failed because the database (or a dependency) is unavailable. */
function unavailableDocument(request: Request, responseHeaders: Headers, remixContext: EntryContext) {
  const links = remixContext.routeModules.root?.links?.() ?? [];
  const stylesheets = links.flatMap((link) =>
    'rel' in link && link.rel === 'stylesheet' && typeof link.href === 'string' ? [link.href] : [],
  );
  const response = unavailableHtml(stylesheets, responseHeaders);
  applySecurityHeaders(response.headers, { trustedOrigins: storefrontTrustedOrigins(request) });
  echoMemorySession(request, response.headers);
  return response;
}

export async function handleDataRequest(response: Response, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  ensureMailWorkerFromRequest();
  if (!hasValidHost(request)) return badRequest(request, 'json');
  // A caught 503 the client router shows in the root ErrorBoundary (ErrorMessage's 503 copy).
  if (wasUnavailable(request)) response = unavailableJson({ 'X-Remix-Catch': 'yes' });
  // A document carries references to its strings files; a client-side navigation gets the strings with the data.
  else response = await inlinePageStrings(response);
  applySecurityHeaders(response.headers, { trustedOrigins: storefrontTrustedOrigins(request) });
  return response;
}

/**
 * A Host header no URL can be built from (`localhost:abc`, an empty one) is a bad request. server/app-server.ts
 * refuses it before Remix; behind another server (remix-serve) the document and data answers are refused here.
 */
function hasValidHost(request: Request): boolean {
  const host = request.headers.get('Host');
  return host === null || isValidHostHeader(host);
}

function badRequest(request: Request, kind: 'text' | 'json') {
  log.warn('request refused', { status: 400, method: request.method, reason: 'bad Host header' });
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  applySecurityHeaders(headers, { trustedOrigins: [] });
  if (kind === 'json')
    return json({ error: { code: 'BAD_REQUEST', message: BAD_REQUEST_MESSAGE } }, { status: 400, headers });
  headers.set('Content-Type', 'text/plain; charset=utf-8');
  return new Response(BAD_REQUEST_MESSAGE, { status: 400, headers });
}

/** Errors are logged with their stack on the server; pages only ever show a friendly message. */
export const handleError: HandleErrorFunction = (error, { request }: LoaderFunctionArgs | ActionFunctionArgs) => {
  if (request.signal.aborted) return;
  // Remix's own 4xx (a method the route does not take, say) is the client's mistake, not ours.
  if (isRouteErrorResponse(error) && error.status < 500) {
    log.warn('request refused', {
      status: error.status,
      method: request.method,
      url: request.url,
      reason: typeof error.data === 'string' ? error.data : error.statusText,
    });
    return;
  }
  const unavailable = markIfUnavailable(request, error);
  log.error(unavailable ? `${unavailable} unavailable` : 'request failed', {
    url: request.url,
    error: error instanceof Error ? error.message : describe(error),
    stack: error instanceof Error ? error.stack : undefined,
  });
};

/** The private page cache's hooks, called by server/app-server.ts with this build's own modules (decision 0027). */
export { noteStateChange, privatePageGrant } from '~/modules/http/private-pages.server';

/** The server waits for the work run after answers before it stops (server/shutdown.ts, decision 0054). */
export { settledAfterResponse } from '~/modules/identity/run-after-response.server';

/** `npm run dev` writes the strings files this build refers to (server/serve.ts; `npm run build` writes them too). */
export { STRINGS_FILE_LIST as stringsFiles } from '~/modules/i18n/page-strings.server';

/** Pantry's server starts the mail worker when it listens and stops it after the answers settle (decision 0078). */
export { ensureMailWorker, stopMailWorker } from '~/modules/mail/worker-lifecycle.server';

/** An error's words for the log: never "[object Object]". */
function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (typeof error === 'object' && error !== null) {
    try {
      return JSON.stringify(error).slice(0, 500);
    } catch {
      return Object.prototype.toString.call(error);
    }
  }
  return String(error);
}
