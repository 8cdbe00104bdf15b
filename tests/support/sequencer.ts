import { statSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order files start in when vitest has no durations of an earlier run (a fresh clone, as CI runs): resilience,
 * then security, then the rest, each largest file first. Vitest's own order there is by size alone, which started
 * the soak (a short file, one of the longest to run) among the last and left the other worker idle meanwhile; the
 * resilience and security files start servers and run for tens of seconds, so they go first and the many short
 * files fill in around them. With an earlier run's durations, vitest's order (longest first) is kept.
 */
const FIRST = ['resilience', 'security'];

export default class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const known = files.every((spec) => cache.getFileTestResults(`${spec.project.name}:${this.relative(spec)}`));
    if (known) return super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = FIRST.indexOf(spec.project.name);
      return index === -1 ? FIRST.length : index;
    };
    const size = (spec: TestSpecification) => statSync(spec.moduleId).size;
    return [...files].sort((a, b) => rank(a) - rank(b) || size(b) - size(a));
  }

  private relative(spec: TestSpecification) {
    return spec.moduleId.slice(this.ctx.config.root.length + 1);
  }
}
