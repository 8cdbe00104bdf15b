import { expect, test, type Page } from '../test';
import { visitName, type WalkedPage } from '../pages';
import { axe } from './axe';
import type { PageCheck } from './check';
import { focusNotObscured } from './focus-not-obscured';
import { labelInName } from './label-in-name';
import { reflow } from './reflow';
import { targetSize } from './target-size';
import { textSpacing } from './text-spacing';

/**
 * The checks one visit of a page runs, in an order where none disturbs the next: first those that only read the
 * page (label in name, target size, axe; axe's reduced motion is switched off again), then text spacing (its style
 * sheet taken off again), reflow (the window narrowed to 320 px and put back), and last focus not obscured, whose
 * Tab presses leave focus, scroll and an opened search box behind. The consent banner is never answered, so every
 * check sees it, as the focus check needs.
 */
export const PAGE_CHECKS: readonly PageCheck[] = [labelInName, targetSize, axe, textSpacing, reflow, focusNotObscured];

/** Every check's faults on the page as it is, by check; a check that throws reports why it stopped. */
export async function pageFaults(page: Page, checks: readonly PageCheck[] = PAGE_CHECKS) {
  const faults: { check: string; failures: string[] }[] = [];
  for (const check of checks)
    await test.step(check.name, async () => {
      const failures = await check.run(page).catch((error: unknown) => [`the check stopped: ${String(error)}`]);
      faults.push({ check: check.name, failures });
    });
  return faults;
}

/** Runs every check on a walked page; each failure names the check, the page and the language. */
export async function checkWalkedPage(page: Page, walked: WalkedPage) {
  for (const { check, failures } of await pageFaults(page))
    expect.soft(failures, `${check} on ${visitName(walked)} in ${walked.language}`).toEqual([]);
}
