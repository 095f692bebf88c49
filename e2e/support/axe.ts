/**
 * axe-core over the screen as it stands (issue 17: no serious or critical violation on every screen). Every
 * rule axe runs by default is on: a violation is fixed in the product, never switched off here.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

type Result = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

const blocking = new Set(['serious', 'critical']);

/** One violation as a reader wants it: rule, impact, what is wrong, and each element with axe's reason. */
function describe(violation: Result): string {
  const nodes = violation.nodes.map((node) => {
    const reason = (node.failureSummary ?? '').replace(/\s*\n\s*/g, ' ').trim();
    return `    at ${node.target.join(' ')}\n      ${node.html.slice(0, 160)}\n      ${reason}`;
  });
  return [
    `[${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help} (${violation.helpUrl})`,
    ...nodes,
  ].join('\n');
}

/** The serious and critical violations on the page now, one readable block each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => blocking.has(v.impact ?? '')).map(describe);
}

/**
 * Checks the screen and records a failure without stopping the walk (a soft assertion), so one run names
 * every screen that needs fixing; the test still fails at its end.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const found = await seriousViolations(page);
  expect.soft(found.length, `axe on ${screen}:\n${found.join('\n')}`).toBe(0);
}
