import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_ORIGIN = `http://localhost:${PORT}`;

// Debian's headless shell (package chromium-headless-shell, the same Chromium build without the desktop browser
// around it) runs the suite in about two thirds of the time of /usr/bin/chromium (decision 0048).
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  timeout: 45_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: E2E_ORIGIN,
    launchOptions: chromium,
    trace: 'off',
  },
  projects: [
    // The page walk (a11y-walk.spec.ts) runs axe and the WCAG 2.2 checks on each page with JavaScript on; the
    // no-JavaScript axe walk (a11y-pages.spec.ts) is the nojs project's. The WCAG 2.2 checks find the same without
    // JavaScript (decision 0115), so a second walk of them would only cost time (decision 0119).
    {
      name: 'js',
      testIgnore: /a11y-pages\.spec/,
      use: { ...devices['Desktop Chrome'], launchOptions: chromium, javaScriptEnabled: true },
    },
    {
      name: 'nojs',
      testIgnore: /wcag22-|a11y-walk|a11y-checks/,
      use: { ...devices['Desktop Chrome'], launchOptions: chromium, javaScriptEnabled: false },
    },
  ],
  webServer: {
    // A fresh, small database and the production build, served the way `npm start` serves it.
    command: `tsx scripts/e2e-server.ts`,
    url: `${E2E_ORIGIN}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { E2E_PORT: String(PORT) },
  },
});
