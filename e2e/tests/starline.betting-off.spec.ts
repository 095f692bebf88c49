import { expect, startSession, test } from '../support/fixtures.ts';
import { marketCard } from '../support/groups.ts';

test('/imp2 lists the Starline slots read-only for an account with betting off', async ({ page, player }) => {
  await startSession(page, player);
  await page.goto('/imp2');
  await expect(page.getByRole('heading', { name: 'KING STARLINE' })).toBeVisible();
  const slot = marketCard(page, '01:00 PM');
  await expect(slot).toContainText('***-*');
  await expect(slot).toContainText('Open for today');
  await expect(page.getByRole('link', { name: 'Chart' })).toHaveAttribute('href', '/charts?group=starline');
  await expect(page.getByRole('button', { name: 'Play' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Bid-History' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Win History' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Starline Rates' })).toHaveCount(0);
});

test('betting off: /star is read-only too and the play screens send the player home', async ({
  page,
  player,
}) => {
  await startSession(page, player);
  await page.goto('/star');
  await expect(marketCard(page, '01:00 PM')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Play' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Starline Rates' })).toHaveCount(0);
  for (const path of ['/stargame', '/starsingle', '/imp5', '/imp6']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/imp$/);
  }
});
