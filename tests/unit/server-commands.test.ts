import { describe, expect, it } from 'vitest';
import { identityProviderCommand, STOREFRONT_FROM_SOURCE, storefrontCommand } from '../../scripts/server-commands';

describe('the server commands', () => {
  it('runs the compiled servers with plain node in production: no TypeScript loader', () => {
    expect(storefrontCommand(false)).toEqual(['build/server/serve.js', 'build/index.js']);
    expect(identityProviderCommand(false)).toEqual(['build/server/identity-provider.js']);
  });

  it('has remix dev restart the server from source in development, its socket off the identity provider’s port', () => {
    const command = storefrontCommand(true, '4402');
    expect(command.slice(0, 4)).toEqual(['node_modules/@remix-run/dev/dist/cli.js', 'dev', '--port', '4402']);
    expect(command.at(-2)).toBe('--command');
    expect(command.at(-1)).toBe(`node ${STOREFRONT_FROM_SOURCE.join(' ')}`);
    expect(STOREFRONT_FROM_SOURCE).toContain('server/serve.ts');
    expect(storefrontCommand(true)).toContain('3002');
    expect(identityProviderCommand(true)).toEqual(['--import', 'tsx', 'idp/server.ts']);
  });
});
