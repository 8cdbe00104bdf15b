import { expect } from './support/test';
import { analyze } from './support/axe';
import { walkPages } from './support/pages';

/**
 * axe over every page in Spanish, with JavaScript on only (playwright.config.ts): without JavaScript a page is the
 * server's markup, the same in both languages apart from its words, which the English walk checks in both projects.
 */
walkPages({ title: 'axe', language: 'es', check: async (page) => expect(await analyze(page)).toEqual([]) });
