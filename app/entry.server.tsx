import { PassThrough } from 'node:stream';
import type { ActionFunctionArgs, EntryContext, HandleErrorFunction, LoaderFunctionArgs } from '@remix-run/node';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { NonceProvider } from '~/components/Nonce';
import { log } from '~/modules/config/logger.server';
import { applySecurityHeaders, createNonce, storefrontTrustedOrigins } from '~/modules/http/security-headers.server';

const ABORT_DELAY = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
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
          const body = new PassThrough();
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

export function handleDataRequest(response: Response, { request }: { request: Request }) {
  applySecurityHeaders(response.headers, { trustedOrigins: storefrontTrustedOrigins(request) });
  return response;
}

/** Errors are logged with their stack on the server; pages only ever show a friendly message. */
export const handleError: HandleErrorFunction = (error, { request }: LoaderFunctionArgs | ActionFunctionArgs) => {
  if (request.signal.aborted) return;
  log.error('request failed', {
    url: request.url,
    error: error instanceof Error ? error.message : String(error),
    stack: error instanceof Error ? error.stack : undefined,
  });
};
