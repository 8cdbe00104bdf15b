import { describe, expect, it } from 'vitest';
import { clientNavigationTarget } from '~/components/Island';

const origin = 'http://localhost:3000';
const click = { button: 0, metaKey: false, altKey: false, ctrlKey: false, shiftKey: false, defaultPrevented: false };

function anchor(href: string, attributes: Record<string, string> = {}): HTMLAnchorElement {
  return {
    href: new URL(href, origin).href,
    target: attributes.target ?? '',
    hasAttribute: (name: string) => name in attributes,
  } as unknown as HTMLAnchorElement;
}

/** Decision 0031: a click on a link inside an island's server HTML navigates client-side, as `<Link>` would. */
describe('clientNavigationTarget', () => {
  it('takes a plain same-origin link, with its query and hash', () => {
    expect(clientNavigationTarget(click, anchor('/shop/search-results.html?q=milk&brand=x#top'), origin)).toBe(
      '/shop/search-results.html?q=milk&brand=x#top',
    );
  });

  it('leaves modified and non-primary clicks to the browser (new tab, new window, download)', () => {
    for (const modifier of ['metaKey', 'altKey', 'ctrlKey', 'shiftKey'] as const)
      expect(clientNavigationTarget({ ...click, [modifier]: true }, anchor('/a'), origin)).toBeNull();
    expect(clientNavigationTarget({ ...click, button: 1 }, anchor('/a'), origin)).toBeNull();
    expect(clientNavigationTarget({ ...click, defaultPrevented: true }, anchor('/a'), origin)).toBeNull();
  });

  it('leaves other origins, other targets and downloads to the browser', () => {
    expect(clientNavigationTarget(click, anchor('https://partner.example/offer'), origin)).toBeNull();
    expect(clientNavigationTarget(click, anchor('/a', { target: '_blank' }), origin)).toBeNull();
    expect(clientNavigationTarget(click, anchor('/receipt.pdf', { download: '' }), origin)).toBeNull();
    expect(clientNavigationTarget(click, anchor('/a', { target: '_self' }), origin)).toBe('/a');
  });

  it('has nothing to do without a link', () => {
    expect(clientNavigationTarget(click, null, origin)).toBeNull();
  });
});
