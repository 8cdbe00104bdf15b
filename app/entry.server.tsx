import type { ActionFunctionArgs, EntryContext, HandleErrorFunction, LoaderFunctionArgs } from '@remix-run/node';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { NonceProvider } from '~/components/Nonce';
import { log } from '~/modules/config/logger.server';
import {
  markIfDatabaseUnavailable,
  unavailableHtml,
  unavailableJson,
  wasDatabaseUnavailable,
} from '~/modules/http/database-unavailable.server';
import { applySecurityHeaders, createNonce, storefrontTrustedOrigins } from '~/modules/http/security-headers.server';
import { scriptsAfterFirstPaint } from '~/modules/http/scripts-after-paint.server';

const ABORT_DELAY = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  if (wasDatabaseUnavailable(request)) return unavailableDocument(request, responseHeaders, remixContext);
  const waitForAll = isbot(request.headers.get('user-agent') ?? '');
  // One nonce per response: in the CSP header and on every inline script/style the tree renders.
  const nonce = createNonce();
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true;
          const body = scriptsAfterFirstPaint();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          applySecurityHeaders(responseHeaders, { nonce, trustedOrigins: storefrontTrustedOrigins(request) });
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log.error('render failed', { error: String(error) });
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

/** A 503 page with Retry-After when a loader or action failed because the database is unavailable. */
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
  if (wasDatabaseUnavailable(request)) response = unavailableJson({ 'X-Remix-Catch': 'yes' });
  applySecurityHeaders(response.headers, { trustedOrigins: storefrontTrustedOrigins(request) });
  return response;
}

/** Errors are logged with their stack on the server; pages only ever show a friendly message. */
export const handleError: HandleErrorFunction = (error, { request }: LoaderFunctionArgs | ActionFunctionArgs) => {
  if (request.signal.aborted) return;
  const unavailable = markIfDatabaseUnavailable(request, error);
  log.error(unavailable ? 'database unavailable' : 'request failed', {
    url: request.url,
    error: error instanceof Error ? error.message : String(error),
    stack: error instanceof Error ? error.stack : undefined,
  });
};

/** The private page cache's hooks, called by server/app-server.ts with this build's own modules (decision 0027). */
export { noteStateChange, privatePageGrant } from '~/modules/http/private-pages.server';
