import { describe, expect, it } from 'vitest';
import { hostForBanner, parseHost } from '~/modules/banners/hosts';

describe('hosts, banners, sites and environments', () => {
  it('serves the default banner on localhost, in the local-origin environment', () => {
    expect(parseHost('localhost:3000', 'local-origin')).toEqual({
      hostname: 'localhost',
      bannerId: 'greenleaf',
      siteType: 'C',
      environment: 'local-origin',
    });
  });

  it('selects a banner from <banner>.localhost', () => {
    expect(parseHost('sunridge.localhost:3000', 'local-origin').bannerId).toBe('sunridge');
    expect(parseHost('MESA.localhost', 'local-origin').bannerId).toBe('mesa');
    expect(parseHost('unknown.localhost', 'local-origin').bannerId).toBe('greenleaf');
  });

  it('treats a host beginning with "business" as the business site of its banner', () => {
    expect(parseHost('business.localhost', 'local-origin')).toMatchObject({ siteType: 'B', bannerId: 'greenleaf' });
    expect(parseHost('business.bayside.localhost', 'local-origin')).toMatchObject({
      siteType: 'B',
      bannerId: 'bayside',
    });
    expect(parseHost('business-sunridge.localhost', 'local-origin')).toMatchObject({
      siteType: 'B',
      bannerId: 'sunridge',
    });
    expect(parseHost('www.sunridge.localhost', 'local-origin').siteType).toBe('C');
  });

  it('never takes the environment from the host: the configured one is carried whatever the host says', () => {
    for (const host of [
      'www.qa2.greenleafmarket.com',
      'sunridge.dev1.example.com',
      'shop.pantry.example-qa1.foo',
      '',
      'localhost',
    ])
      expect(parseHost(host, 'prod').environment).toBe('prod');
    expect(parseHost('www.greenleafmarket.com', 'qa1').environment).toBe('qa1');
  });

  it('serves the default banner, never another environment, on a host it does not know', () => {
    expect(parseHost('greenleaf.stage.x', 'prod')).toMatchObject({ bannerId: 'greenleaf', environment: 'prod' });
    expect(parseHost('x.dev1.x', 'prod')).toMatchObject({ bannerId: 'greenleaf', environment: 'prod' });
  });

  it('builds another banner host for a cross-banner hand-off', () => {
    expect(hostForBanner(parseHost('localhost:3000', 'local-origin'), 'sunridge', '3000')).toBe(
      'sunridge.localhost:3000',
    );
    expect(hostForBanner(parseHost('sunridge.localhost', 'local-origin'), 'greenleaf', null)).toBe('localhost');
    expect(hostForBanner(parseHost('business.mesa.localhost', 'local-origin'), 'bayside', null)).toBe(
      'business.bayside.localhost',
    );
  });
});
