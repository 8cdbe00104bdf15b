import { describe, expect, it } from 'vitest';
import { configurationProblems } from '~/modules/config/startup-check.server';

const SECRET = 'a-production-cookie-secret-of-40-bytes!!';
const production = { NODE_ENV: 'production', APP_ENV: 'prod', SESSION_SECRET: SECRET };

describe('the configuration a production start refuses', () => {
  it('starts with a complete production configuration', () => {
    expect(configurationProblems(production)).toEqual([]);
    expect(configurationProblems({ ...production, TRUSTED_DOMAINS: 'https://shop.pantry.example' })).toEqual([]);
  });

  it('refuses a missing SESSION_SECRET', () => {
    expect(configurationProblems({ ...production, SESSION_SECRET: undefined })).toEqual([
      expect.stringMatching(/^SESSION_SECRET is missing/),
    ]);
  });

  it('refuses a secret under 32 bytes, naming which one of the rotation list', () => {
    expect(configurationProblems({ ...production, SESSION_SECRET: `${SECRET},short-old-secret` })).toEqual([
      'SESSION_SECRET entry 2 is 16 bytes: each secret needs at least 32.',
    ]);
  });

  it('refuses COOKIE_SECURE=false', () => {
    expect(configurationProblems({ ...production, COOKIE_SECURE: 'false' })).toEqual([
      expect.stringMatching(/^COOKIE_SECURE=false/),
    ]);
  });

  it('refuses an http: origin in TRUSTED_DOMAINS', () => {
    expect(
      configurationProblems({
        ...production,
        TRUSTED_DOMAINS: 'https://shop.pantry.example,http://old.pantry.example',
      }),
    ).toEqual(['TRUSTED_DOMAINS lists http://old.pantry.example: production redirects go to https: origins only.']);
  });

  it('refuses the /dev pages in a production build (a dev or QA environment)', () => {
    expect(configurationProblems({ ...production, APP_ENV: 'qa1' })).toEqual([
      expect.stringMatching(/^APP_ENV=qa1 opens the \/dev pages/),
    ]);
  });

  it('lists every problem, one line each', () => {
    const problems = configurationProblems({
      NODE_ENV: 'production',
      APP_ENV: 'dev2',
      COOKIE_SECURE: 'false',
      TRUSTED_DOMAINS: 'http://a.pantry.example,http://b.pantry.example',
    });
    expect(problems).toHaveLength(5);
    for (const line of problems) expect(line).not.toContain('\n');
  });

  it('applies the production rules to a production build without APP_ENV (prod, fail closed)', () => {
    expect(configurationProblems({ NODE_ENV: 'production' })).toEqual([
      expect.stringMatching(/^SESSION_SECRET is missing/),
    ]);
  });

  it('leaves a developer machine and the local production build alone', () => {
    expect(configurationProblems({ COOKIE_SECURE: 'false' })).toEqual([]);
    expect(configurationProblems({ NODE_ENV: 'production', APP_ENV: 'local-origin', COOKIE_SECURE: 'false' })).toEqual(
      [],
    );
  });

  it('lists a wrong value and the production problems together', () => {
    expect(configurationProblems({ ...production, PORT: 'eighty', COOKIE_SECURE: 'false' })).toEqual([
      expect.stringMatching(/^PORT: /),
      expect.stringMatching(/^COOKIE_SECURE=false/),
    ]);
  });

  it('refuses any value the schema does not allow, anywhere, with the variable named', () => {
    expect(configurationProblems({ PORT: 'eighty', SMTP_URL: 'http://mail', METRICS_PORT: '70000' })).toEqual([
      expect.stringMatching(/^PORT: /),
      expect.stringMatching(/^METRICS_PORT: /),
      expect.stringMatching(/^SMTP_URL: /),
    ]);
  });
});
