import { checkWalkedPage } from './support/checks/walk';
import { LANGUAGES, walkPages } from './support/pages';

/**
 * Every walked page (support/pages.ts) in each language, opened once: axe and the WCAG 2.2 checks axe cannot make
 * (label in name, target size, text spacing, reflow at 320 px, focus not obscured) run on that one visit, in the
 * order support/checks/walk.ts gives. JavaScript on only (playwright.config.ts): without it a page is the server's
 * markup, which the no-JavaScript axe walk (a11y-pages.spec.ts) checks, and the WCAG 2.2 checks find the same there.
 */
for (const language of LANGUAGES) walkPages({ title: 'a11y', language, check: checkWalkedPage });
