import { analyze } from '../axe';
import type { PageCheck } from './check';

/** axe-core's rules (support/axe.ts), on the settled page. */
export const axe: PageCheck = {
  name: 'axe',
  run: async (page) => {
    try {
      return await analyze(page);
    } finally {
      // analyze settles the page for contrast (reduced motion); the checks after it see the page as a shopper does.
      await page.emulateMedia({ reducedMotion: null });
    }
  },
};
