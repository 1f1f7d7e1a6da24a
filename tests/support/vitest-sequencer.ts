/**
 * The order Vitest starts test files in: its own (projects by name, then larger or slower
 * files first), except that the benchmark smoke runs start first.
 *
 * That one file is a fifth of the suite's test time (every benchmark script, side by side:
 * scripts/benches.smoke.test.ts), and in the unit project, which sorts after both
 * integration projects, it started when two thirds of the run was over and was still
 * running alone at the end. Started first, it runs beside everything else
 * (docs/performance.md "Test suite").
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const FIRST = ['scripts/benches.smoke.test.ts'];

export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isFirst = (spec: TestSpecification) => FIRST.some((path) => spec.moduleId.endsWith(`/${path}`));
    return [...sorted.filter(isFirst), ...sorted.filter((spec) => !isFirst(spec))];
  }
}
