import type { Page } from '@playwright/test';

/** One accessibility check of a walked page: what it finds wrong, one line per fault (none: it passes). */
export interface PageCheck {
  /** Names the check in a failure, e.g. "2.5.8 target size". */
  name: string;
  run: (page: Page) => Promise<string[]>;
}
