/** What the report specs share: how the console writes points, opens a report, and finds the totals row. */
import type { Page } from '@playwright/test';

const indian = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Points as the console shows them: Indian grouping, two decimals. */
export const pts = (points: number) => indian.format(points);

export async function openReport(page: Page, label: string) {
  await page
    .getByRole('navigation', { name: 'Reports' })
    .getByRole('link', { name: label, exact: true })
    .click();
}

/** A name no other test running at the same time uses. */
export const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 6)}`;

export function totalsRow(page: Page) {
  return page.getByRole('row').filter({ hasText: /^Total/ });
}
