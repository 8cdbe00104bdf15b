import { describe, expect, it } from 'vitest';
import { parseAppEnv } from '~/modules/config/env.server';
import { developmentPagesAllowed, environmentOf } from '~/modules/config/environment.server';

describe('the environment comes from configuration only', () => {
  it('runs a production build without APP_ENV as prod (fail closed)', () => {
    expect(environmentOf(undefined, 'production')).toBe('prod');
    expect(environmentOf(parseAppEnv({ APP_ENV: '' }).APP_ENV, 'production')).toBe('prod');
  });

  it('takes APP_ENV when it names an environment', () => {
    expect(environmentOf(parseAppEnv({ APP_ENV: 'qa1' }).APP_ENV, 'production')).toBe('qa1');
  });

  it('is local-origin on a developer machine or in a test run without APP_ENV', () => {
    expect(environmentOf(undefined, 'test')).toBe('local-origin');
    expect(environmentOf(undefined, undefined)).toBe('local-origin');
  });

  it('refuses an APP_ENV that names no environment', () => {
    expect(() => parseAppEnv({ APP_ENV: 'nonsense' })).toThrow();
  });

  it('serves development pages only where no real customer signs in', () => {
    for (const env of ['local-origin', 'dev1', 'dev3', 'qa1', 'qa3'] as const)
      expect(developmentPagesAllowed(env)).toBe(true);
    for (const env of ['stage', 'beta', 'prod'] as const) expect(developmentPagesAllowed(env)).toBe(false);
  });
});
