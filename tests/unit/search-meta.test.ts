import { describe, expect, it } from 'vitest';
import { serverT } from '~/modules/i18n/translations.server';
import { searchPageText } from '~/modules/search/search-page-text.server';

type Results = Parameters<typeof searchPageText>[0];
const textFor = (
  query: { text: string; correctedText?: string; relaxedText?: string },
  scope: Record<string, unknown> = {},
  language: 'en' | 'es' = 'en',
) =>
  searchPageText(
    { query: { correctedText: null, relaxedText: null, ...query }, scope } as unknown as Results,
    serverT(language, 'shop'),
  );

describe('the search page meta', () => {
  it('has a description naming what was searched (its meta replaces the root one)', () => {
    expect(textFor({ text: 'milk' }).description).toBe(
      'Groceries matching “milk”: prices, offers, delivery and pickup.',
    );
    expect(textFor({ text: 'bananna', correctedText: 'banana' }).description).toContain('“banana”');
    expect(textFor({ text: 'zzqx milk', relaxedText: 'milk' }).description).toBe(
      'Groceries matching “milk”: prices, offers, delivery and pickup.',
    );
    expect(textFor({ text: '' }, { department: 'Dairy' }).description).toBe(
      'Dairy groceries: prices, offers, delivery and pickup.',
    );
  });

  it('is written in the page’s language', () => {
    expect(textFor({ text: 'leche' }, {}, 'es').description).not.toBe(
      'Groceries matching “leche”: prices, offers, delivery and pickup.',
    );
    expect(textFor({ text: 'leche' }, {}, 'es').description).toContain('“leche”');
  });
});
