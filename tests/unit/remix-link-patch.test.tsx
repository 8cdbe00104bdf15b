import fc from 'fast-check';
import { createRequire } from 'node:module';
import { createElement, type ComponentType, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

/**
 * The patch of @remix-run/react (patches/, applied by `npm install`'s postinstall;): on the server
 * a <Link> to a plain absolute path renders its anchor without React Router's hooks. Loaded as the server loads
 * it (the CommonJS build). The anchor must be exactly what the unpatched Link renders: React Router's <Link>
 * with Remix's `data-discover` attribute, which is what these tests compare it with.
 */
const require = createRequire(import.meta.url);
type AnyComponent = ComponentType<Record<string, unknown> & { children?: ReactNode }>;
const remix = require('@remix-run/react') as { Link: AnyComponent };
const routerDom = require('react-router-dom') as { Link: AnyComponent };
const routerServer = require('react-router-dom/server') as { StaticRouter: AnyComponent };

const LOCATION = '/shop/slots.html?type=delivery';
const inRouter = (element: ReactNode) =>
  renderToString(createElement(routerServer.StaticRouter, { location: LOCATION }, element));

/** What @remix-run/react's Link renders unpatched: React Router's Link with data-discover (getDiscoverAttr). */
function unpatched(props: Record<string, unknown>) {
  const { to, prefetch: _prefetch, discover = 'render', ...rest } = props;
  const absoluteUrl = typeof to === 'string' && /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(to);
  const attr = discover === 'render' && !absoluteUrl && !rest.reloadDocument ? 'true' : undefined;
  return inRouter(createElement(routerDom.Link, { ...rest, to, 'data-discover': attr }, 'Go'));
}
const patched = (props: Record<string, unknown>) => inRouter(createElement(remix.Link, props, 'Go'));

const unreserved = fc.constantFrom(...'abcXYZ019-._~'.split(''));
const segment = fc.oneof(
  { weight: 8, arbitrary: fc.string({ unit: unreserved, minLength: 1, maxLength: 8 }) },
  { weight: 1, arbitrary: fc.constantFrom('.', '..', '') },
);
const query = fc.array(
  fc.tuple(
    fc.string({ unit: unreserved, minLength: 1, maxLength: 5 }),
    fc.string({ unit: fc.constantFrom(...'ab1-._~%+2F'.split('')), maxLength: 6 }),
  ),
  { maxLength: 3 },
);
const plainPath = fc
  .tuple(fc.array(segment, { maxLength: 4 }), query, fc.boolean())
  .map(([segments, pairs, withQuery]) => {
    const search = pairs.map(([key, value]) => `${key}=${value}`).join('&');
    return `/${segments.join('/')}${withQuery ? `?${search}` : ''}`;
  });
const anyTo = fc.oneof(
  { weight: 6, arbitrary: plainPath },
  {
    weight: 1,
    arbitrary: fc.constantFrom('?type=pickup', '../cart', 'cart.html', '//example.com/x', '/a b', '/é', '/a#top'),
  },
);
const extraProps = fc.record(
  {
    className: fc.constantFrom('btn', 'rounded-full px-4'),
    'aria-current': fc.constantFrom('page', 'date'),
    'aria-label': fc.string({ maxLength: 12 }),
    prefetch: fc.constantFrom('none', 'intent', 'render', 'viewport'),
    replace: fc.boolean(),
    preventScrollReset: fc.boolean(),
    state: fc.constant({ from: 'test' }),
    target: fc.constantFrom('_self', '_blank'),
    reloadDocument: fc.boolean(),
  },
  { requiredKeys: [] },
);

describe('the server-side <Link> of the @remix-run/react patch', () => {
  it('renders what the unpatched Link renders, for any path and props', () => {
    fc.assert(
      fc.property(anyTo, extraProps, (to, props) => {
        expect(patched({ to, ...props })).toBe(unpatched({ to, ...props }));
      }),
      { numRuns: Number(process.env.LINK_PATCH_RUNS ?? 3_000) },
    );
  });

  it('renders a plain absolute path without the router (the fast path is taken)', () => {
    // Unpatched, the Link's useHref throws outside a <Router>.
    const html = renderToString(
      createElement(remix.Link, { to: '/shop/slots.html?type=delivery&day=2026-11-28', className: 'day' }, 'Sat'),
    );
    expect(html).toBe(
      '<a class="day" data-discover="true" href="/shop/slots.html?type=delivery&amp;day=2026-11-28">Sat</a>',
    );
  });

  it('leaves to the router what it would change or has to resolve', () => {
    for (const props of [
      { to: '?type=pickup' },
      { to: '/shop/../cart.html' },
      { to: '//example.com/x' },
      { to: '/a b' },
      { to: '/a', prefetch: 'intent' },
      { to: '/a', target: '_blank' },
      { to: '/a', reloadDocument: true },
    ])
      expect(() => renderToString(createElement(remix.Link, props, 'Go')), JSON.stringify(props)).toThrow(/Router/);
  });
});
