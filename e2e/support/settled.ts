/**
 * A screen has its data: no skeleton, page placeholder or busy region is left. Waiting for this state, not for
 * the network to fall quiet for half a second (`networkidle`), is what a check of the whole screen needs; a poll
 * that happens to fire meanwhile changes nothing on it.
 */
import { expect, type Page } from '@playwright/test';

const loading = '[data-skeleton], [data-page-skeleton], [aria-busy="true"]';

export async function settled(page: Page, what?: string): Promise<void> {
  await expect(page.locator(loading), what).toHaveCount(0);
}
