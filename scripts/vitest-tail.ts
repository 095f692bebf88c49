/**
 * A Vitest reporter for `npm test` (scripts/test.ts): once every test file has gone to a worker and at most one is
 * still running, it writes the file named by GAMA_VITEST_TAIL_FILE. From then on Vitest leaves a core idle until
 * its last file ends, so `npm test` starts the browser suite at that moment, beside it, instead of after it.
 */
import { writeFileSync } from 'node:fs';
import type { Reporter, TestSpecification } from 'vitest/node';

export default class TailReporter implements Reporter {
  private total = 0;
  private queued = 0;
  private ended = 0;
  private told = false;

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>): void {
    this.total = specifications.length;
  }

  // Queued is reported by the worker that takes the file, so it counts the files already running or done.
  onTestModuleQueued(): void {
    this.queued += 1;
    this.check();
  }

  onTestModuleEnd(): void {
    this.ended += 1;
    this.check();
  }

  private check(): void {
    const file = process.env.GAMA_VITEST_TAIL_FILE;
    if (this.told || !file || this.total === 0) return;
    if (this.queued >= this.total && this.queued - this.ended <= 1) {
      this.told = true;
      writeFileSync(file, `${this.total - this.ended} file(s) left\n`);
    }
  }
}
