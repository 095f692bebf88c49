/**
 * With `GAMA_TIMELINE=<file>`, writes when each test file started and ended (seconds from Vitest's start) and its
 * project, one tab-separated line per file: where a run's workers sat idle beside the browser suite, and which
 * file ends it (docs/testing.md).
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

export default class Timeline implements Reporter {
  readonly #file = process.env.GAMA_TIMELINE;
  readonly #t0 = performance.now();
  readonly #started = new Map<string, number>();

  onInit(): void {
    if (this.#file) writeFileSync(this.#file, 'project\tfile\tstart_s\tend_s\n');
  }

  onTestModuleStart(module: TestModule): void {
    this.#started.set(`${module.project.name} ${module.moduleId}`, this.#seconds());
  }

  onTestModuleEnd(module: TestModule): void {
    if (!this.#file) return;
    const start = this.#started.get(`${module.project.name} ${module.moduleId}`) ?? Number.NaN;
    const file = module.moduleId.replace(/^.*?\/(apps|packages)\//, '$1/');
    appendFileSync(
      this.#file,
      `${module.project.name}\t${file}\t${start.toFixed(1)}\t${this.#seconds().toFixed(1)}\n`,
    );
  }

  #seconds(): number {
    return (performance.now() - this.#t0) / 1000;
  }
}
