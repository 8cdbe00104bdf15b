import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom/server';
import { describe, expect, it } from 'vitest';
import { Footer, PlainFooter } from '~/components/Footer';
import { island } from '~/components/Island';
import { withCachedMarkup } from '~/components/cached-markup.server';
import { FooterOnServer } from '~/pages/root.server';

function counted() {
  const calls: string[] = [];
  const Greeting = ({ name }: { name: string }) => {
    calls.push(name);
    return <p data-name={name}>Hello {name}</p>;
  };
  return { calls, Greeting };
}

/** Decision 0059: an island's server HTML that depends on its props alone is rendered once per props. */
describe('withCachedMarkup', () => {
  it('renders once per distinct props and gives the same HTML after', () => {
    const { calls, Greeting } = counted();
    const kept = withCachedMarkup(Greeting);
    expect(kept.markup!({ name: 'Ada' })).toBe('<p data-name="Ada">Hello Ada</p>');
    expect(kept.markup!({ name: 'Ada' })).toBe('<p data-name="Ada">Hello Ada</p>');
    expect(kept.markup!({ name: '<b>Bo</b>' })).toBe(
      '<p data-name="&lt;b&gt;Bo&lt;/b&gt;">Hello &lt;b&gt;Bo&lt;/b&gt;</p>',
    );
    expect(calls).toEqual(['Ada', '<b>Bo</b>']);
  });

  it('keeps at most maxEntries, starting over when full', () => {
    const { calls, Greeting } = counted();
    const kept = withCachedMarkup(Greeting, 2);
    for (const name of ['a', 'b', 'c', 'a']) kept.markup!({ name });
    expect(calls).toEqual(['a', 'b', 'c', 'a']);
  });

  it("is what an island renders on the server, inside the island's element, without rendering again", () => {
    const { calls, Greeting } = counted();
    const Island = island(withCachedMarkup(Greeting), async () => Greeting);
    const page = () => renderToString(<Island name="Ada" />);
    expect(page()).toBe('<div class="contents"><p data-name="Ada">Hello Ada</p></div>');
    expect(page()).toBe('<div class="contents"><p data-name="Ada">Hello Ada</p></div>');
    expect(calls).toEqual(['Ada']);
  });
});

describe("the server's footer", () => {
  // Every link, as href and text, in document order.
  const links = (html: string) =>
    [...html.matchAll(/<a [^>]*href="([^"]+)"[^>]*>(.*?)<\/a>/g)].map(([, href, text]) => `${href} ${text}`);

  it.each([true, false])('has the links and text of the browser footer (signed in: %s)', (signedIn) => {
    const props = { bannerName: 'Pantry Market', signedIn, language: 'en' as const };
    const browser = renderToString(
      <StaticRouter location="/shop/slots.html">
        <Footer {...props} />
      </StaticRouter>,
    ).replaceAll('<!-- -->', '');
    const server = FooterOnServer.markup!(props);
    expect(links(server)).toEqual(links(browser));
    expect(links(server)).toContain(signedIn ? '/account/orders.html Orders' : '/account/sign-in.html Sign in');
    expect(server.replace(/<[^>]+>/g, '')).toBe(browser.replace(/<[^>]+>/g, ''));
    expect(renderToString(<PlainFooter {...props} />)).toContain('Pantry Market');
  });
});
