import { describe, expect, it } from 'vitest';
import { SERVE, storefrontCommand } from '../../scripts/storefront-command';

describe('the storefront command', () => {
  it('runs Pantry’s server in production', () => {
    expect(storefrontCommand(false)).toEqual(['--import', 'tsx', 'server/serve.ts', 'build/index.js']);
  });

  it('has remix dev restart that same server in development, its socket off the identity provider’s port', () => {
    const command = storefrontCommand(true, '4402');
    expect(command.slice(0, 4)).toEqual(['node_modules/@remix-run/dev/dist/cli.js', 'dev', '--port', '4402']);
    expect(command.at(-2)).toBe('--command');
    expect(command.at(-1)).toBe(`node ${SERVE.join(' ')}`);
    expect(storefrontCommand(true)).toContain('3002');
  });
});
