/**
 * Prints a failed test's errors the moment it fails, not only in the summary at the end. `npm test` stops Vitest
 * when the browser suite fails first (scripts/test.ts), and a stopped Vitest never prints its summary: a CI log
 * then showed a failed test's name and nothing of why (session 23, `lookups.test.ts` on PostgreSQL).
 */
import type { Reporter, TestCase } from 'vitest/node';

export default class FailuresAtOnce implements Reporter {
  onTestCaseResult(testCase: TestCase): void {
    const result = testCase.result();
    if (result.state !== 'failed') return;
    const lines = [`\nFAILED [${testCase.project.name}] ${testCase.module.moduleId} > ${testCase.fullName}`];
    for (const error of result.errors ?? []) {
      lines.push(`  ${error.name ?? 'Error'}: ${error.message}`);
      if (error.diff) lines.push(error.diff.replace(/^/gm, '    '));
      if (error.stack) lines.push(error.stack.split('\n').slice(1, 6).join('\n'));
    }
    process.stderr.write(`${lines.join('\n')}\n`);
  }
}
