import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvSchema } from '~/modules/config/env.server';

/** The variables the README's configuration table names in its first column (`FLAG_<name>` is a pattern, not a key). */
function readmeVariables(): string[] {
  const readme = readFileSync(path.resolve('README.md'), 'utf8');
  const section = readme.slice(
    readme.indexOf('## Configuration'),
    readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1),
  );
  const names: string[] = [];
  for (const line of section.split('\n')) {
    if (!line.startsWith('| `')) continue;
    const firstCell = line.split('|')[1] ?? '';
    for (const match of firstCell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.push(match[1]!);
  }
  return names;
}

describe("the README's configuration table", () => {
  it('lists exactly the variables the schema validates, each once', () => {
    const listed = readmeVariables();
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(Object.keys(EnvSchema.shape).sort());
  });
});
