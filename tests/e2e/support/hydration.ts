import type { Page } from '@playwright/test';

/** The part of React 18's root fiber read below (react-dom's hydrateRoot marks the container with it). */
type ReactRootFiber = { stateNode: { current: { memoizedState?: { isDehydrated?: boolean } } } };

/**
 * Records script errors on every page of the context, so that `waitForHydration` can end early: a route
 * module that throws at load never hydrates.
 */
export async function recordScriptErrors(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __scriptThrew?: boolean };
    window.addEventListener('error', () => (w.__scriptThrew = true));
    window.addEventListener('unhandledrejection', () => (w.__scriptThrew = true));
  });
}

/**
 * Loaded, and React has committed the hydration of the document (its root is no longer dehydrated), or a
 * script threw; then one frame and a task for the effects that run after that commit.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    if ((window as unknown as { __scriptThrew?: boolean }).__scriptThrew) return true;
    if (document.readyState !== 'complete') return false;
    const key = Object.keys(document).find((name) => name.startsWith('__reactContainer$'));
    const root = key ? (document as unknown as Record<string, ReactRootFiber>)[key] : undefined;
    return root?.stateNode.current.memoizedState?.isDehydrated === false;
  });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
}
