/**
 * axe-core over the screen as it stands (issue 17: no serious or critical violation on every screen). Every
 * rule axe runs by default is on: a violation is fixed in the product, never switched off here.
 *
 * axe runs in the page itself, injected once per document. @axe-core/playwright did the same work at about five
 * times the cost (700-900 ms against 150-250 ms a screen, measured on the CI machine): for every check it
 * injected the script into every frame again and opened a blank page to assemble the result, which our
 * frameless screens never need. Only violations are collected, the one result type read here.
 */
import { expect, type Page } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// What axe.min.js puts on the page's window once injected.
declare global {
  interface Window {
    axe?: { run: (context: Document, options: object) => Promise<AxeResults> };
  }
}

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
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) await page.evaluate(axeSource);
  const results = await page.evaluate(() => {
    if (!window.axe) throw new Error('axe-core is not in the page');
    return window.axe.run(document, { resultTypes: ['violations'] });
  });
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
