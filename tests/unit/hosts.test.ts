import { describe, expect, it } from 'vitest';
import { hostForBanner, parseHost } from '~/modules/banners/hosts';

describe('hosts, banners, sites and environments', () => {
  it('serves the default banner on localhost, in the local-origin environment', () => {
    expect(parseHost('localhost:3000')).toEqual({
      hostname: 'localhost',
      bannerId: 'greenleaf',
      siteType: 'C',
      environment: 'local-origin',
    });
  });

  it('selects a banner from <banner>.localhost', () => {
    expect(parseHost('sunridge.localhost:3000').bannerId).toBe('sunridge');
    expect(parseHost('MESA.localhost').bannerId).toBe('mesa');
    expect(parseHost('unknown.localhost').bannerId).toBe('greenleaf');
  });

  it('treats a host beginning with "business" as the business site of its banner', () => {
    expect(parseHost('business.localhost')).toMatchObject({ siteType: 'B', bannerId: 'greenleaf' });
    expect(parseHost('business.bayside.localhost')).toMatchObject({ siteType: 'B', bannerId: 'bayside' });
    expect(parseHost('business-sunridge.localhost')).toMatchObject({ siteType: 'B', bannerId: 'sunridge' });
    expect(parseHost('www.sunridge.localhost').siteType).toBe('C');
  });

  it('reads the environment from the host suffix, prod by default', () => {
    expect(parseHost('www.qa2.greenleafmarket.com').environment).toBe('qa2');
    expect(parseHost('sunridge.dev1.example.com').environment).toBe('dev1');
    expect(parseHost('www-stage.example.com').environment).toBe('prod');
    expect(parseHost('www.stage.example.com').environment).toBe('stage');
    expect(parseHost('beta.example.com').environment).toBe('prod');
    expect(parseHost('www.beta.example.com').environment).toBe('beta');
    expect(parseHost('www.local-origin.example.com').environment).toBe('local-origin');
    expect(parseHost('www.greenleafmarket.com').environment).toBe('prod');
    expect(parseHost('127.0.0.1:3000').environment).toBe('local-origin');
  });

  it('lets APP_ENV override the environment', () => {
    expect(parseHost('localhost', 'qa1').environment).toBe('qa1');
    expect(parseHost('localhost', 'nonsense').environment).toBe('local-origin');
  });

  it('builds another banner host for a cross-banner hand-off', () => {
    expect(hostForBanner(parseHost('localhost:3000'), 'sunridge', '3000')).toBe('sunridge.localhost:3000');
    expect(hostForBanner(parseHost('sunridge.localhost'), 'greenleaf', null)).toBe('localhost');
    expect(hostForBanner(parseHost('business.mesa.localhost'), 'bayside', null)).toBe('business.bayside.localhost');
  });
});
