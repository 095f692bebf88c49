/** What the report specs share: how the console writes points, opens a report, and finds the totals row. */
import { expect, type Page } from '@playwright/test';

const indian = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Points as the console shows them: Indian grouping, two decimals. */
export const pts = (points: number) => indian.format(points);

/**
 * Opens a report by its tab and returns once it is the report on screen: the tab and the report render
 * together, so a field filled next is the new report's, never the one it replaces (a Player id typed into the
 * outgoing report's field was lost once on a busy machine).
 */
export async function openReport(page: Page, label: string) {
  const tab = page
    .getByRole('navigation', { name: 'Reports' })
    .getByRole('link', { name: label, exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-current', 'page');
}

/** A name no other test running at the same time uses. */
export const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 6)}`;

export function totalsRow(page: Page) {
  return page.getByRole('row').filter({ hasText: /^Total/ });
}
