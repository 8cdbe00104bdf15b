import { describe, expect, it } from 'vitest';
import { meta } from '~/routes/shop.search-results[.]html';

type MetaArgs = Parameters<typeof meta>[0];
const argsFor = (
  query: { text: string; correctedText?: string; relaxedText?: string },
  scope: Record<string, unknown> = {},
) => ({ data: { results: { query, scope } } }) as unknown as MetaArgs;
const description = (descriptors: ReturnType<typeof meta>) =>
  descriptors.find((d) => 'name' in d && d.name === 'description') as { content: string } | undefined;

describe('the search page meta', () => {
  it('has a description naming what was searched (its meta replaces the root one)', () => {
    expect(description(meta(argsFor({ text: 'milk' })))?.content).toBe(
      'Groceries matching “milk”: prices, offers, delivery and pickup.',
    );
    expect(description(meta(argsFor({ text: 'bananna', correctedText: 'banana' })))?.content).toContain('“banana”');
    expect(description(meta(argsFor({ text: 'zzqx milk', relaxedText: 'milk' })))?.content).toBe(
      'Groceries matching “milk”: prices, offers, delivery and pickup.',
    );
    expect(description(meta(argsFor({ text: '' }, { department: 'Dairy' })))?.content).toBe(
      'Dairy groceries: prices, offers, delivery and pickup.',
    );
  });
});
