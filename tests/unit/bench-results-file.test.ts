import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { describeMachine, formatSection, replaceSection, writeResults } from '../../bench/results-file';

/** bench/results.md: each bench script rewrites its own section and never another's. */
describe('bench results file', () => {
  const file = (...sections: [string, string][]) =>
    ['# Benchmark results', ...sections.map(([name, body]) => `<!-- ${name} -->\n${body}\n<!-- /${name} -->`)].join(
      '\n\n',
    ) + '\n';

  it('replaces only the section of the script that ran, keeping every other byte', () => {
    const before = file(['pages', '## Pages\n\nold pages'], ['search', '## Search\n\nold search'], ['soak', 'soak']);
    const after = replaceSection(before, 'search', '## Search\n\nnew search');
    expect(after).toBe(
      file(['pages', '## Pages\n\nold pages'], ['search', '## Search\n\nnew search'], ['soak', 'soak']),
    );
  });

  it('keeps no trace of the previous run of the same script', () => {
    const once = replaceSection('', 'pages', 'first run');
    const twice = replaceSection(once, 'pages', 'second run');
    expect(twice).not.toContain('first run');
    expect(twice.match(/<!-- pages -->/g)).toHaveLength(1);
    expect(twice.match(/<!-- \/pages -->/g)).toHaveLength(1);
  });

  it('starts a missing file with its heading and the section', () => {
    const text = replaceSection('', 'soak', 'figures');
    expect(text.startsWith('# Benchmark results\n')).toBe(true);
    expect(text.endsWith('<!-- soak -->\nfigures\n<!-- /soak -->\n')).toBe(true);
  });

  it('adds a section the file lacks in its place among the others', () => {
    const before = file(['pages', 'pages'], ['soak', 'soak']);
    const after = replaceSection(before, 'search', 'search');
    expect(after).toBe(file(['pages', 'pages'], ['search', 'search'], ['soak', 'soak']));
    const last = replaceSection(file(['pages', 'pages']), 'soak', 'soak');
    expect(last).toBe(file(['pages', 'pages'], ['soak', 'soak']));
  });

  it('treats a start marker without its end as missing, rather than eating the rest of the file', () => {
    const broken = '# Benchmark results\n\n<!-- pages -->\nhalf a section\n\n<!-- search -->\ns\n<!-- /search -->\n';
    const after = replaceSection(broken, 'search', 'new');
    expect(after).toContain('half a section');
    expect(after).toContain('<!-- search -->\nnew\n<!-- /search -->');
  });

  it('dates each section and names the machine: CPU model, cores and Node version', () => {
    const cpu = { model: 'Example CPU @ 2.0GHz ', speed: 2000, times: { user: 0, nice: 0, sys: 0, idle: 0, irq: 0 } };
    expect(describeMachine([cpu, cpu], 'v20.20.0')).toBe('Example CPU @ 2.0GHz, 2 cores, Node v20.20.0');
    const section = formatSection('pages', ['', '| a | b |', '', '', 'x'], new Date('2026-11-28T04:10:31Z'), 'M');
    expect(section).toBe(
      '## Pages: `npm run bench:pages` (the first half of `npm run bench`)\n\nRun 2026-11-28 04:10 UTC on M.\n\n| a | b |\n\nx',
    );
  });

  describe('writeResults', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pantry-results-'));
    afterEach(() => rmSync(path.join(dir, 'results.md'), { force: true }));

    it("rewrites one script's section on disk and leaves the others' figures", () => {
      const target = path.join(dir, 'results.md');
      writeFileSync(target, replaceSection(replaceSection('', 'pages', 'pages figures'), 'soak', 'soak figures'));
      writeResults('soak', ['new soak figures'], target);
      const text = readFileSync(target, 'utf8');
      expect(text).toContain('pages figures');
      expect(text).toContain('new soak figures');
      expect(text).not.toContain('\nsoak figures');
    });
  });
});
