import { createElement, lazy, Suspense, type FunctionComponent } from 'react';

/**
 * A component whose code the browser loads only when a page renders it (the
 * JavaScript budget). The server renders it in the same pass from `serverComponent` (re-exported by
 * a `.server` module, which the browser build empties, e.g. pages/root.server.ts), so the HTML is complete without JavaScript;
 * the browser keeps that HTML and hydrates it once the chunk has arrived. Only for components most
 * pages do not render: a page that renders one loads its chunk straight after the page's own.
 */
export function deferred<P extends object>(
  serverComponent: FunctionComponent<P> | undefined,
  load: () => Promise<FunctionComponent<P>>,
): FunctionComponent<P> {
  const Component = serverComponent ?? lazy(async () => ({ default: await load() }));
  function Deferred(props: P) {
    return <Suspense fallback={null}>{createElement(Component as FunctionComponent<P>, props)}</Suspense>;
  }
  return Deferred;
}
