import { expect, startSession, test } from '../support/fixtures.ts';
import { marketCard } from '../support/groups.ts';

for (const path of ['/galiIMP', '/galigame', '/gali']) {
  test(`${path} lists the Gali markets read-only for an account with betting off`, async ({
    page,
    player,
  }) => {
    await startSession(page, player);
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'KING GALI' })).toBeVisible();
    const card = marketCard(page, 'DELHI BAZAR');
    await expect(card).toContainText('**');
    await expect(card).toContainText('Market Open for today');
    await expect(card.getByRole('button', { name: 'Game time' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Chart' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Play Game' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Bid-History' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Win History' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Gali Disawar Rates' })).toHaveCount(0);
  });
}

test('betting off: the Gali play and history screens send the player home', async ({ page, player }) => {
  await startSession(page, player);
  for (const path of ['/galiallgame', '/leftdigit', '/jodidigit', '/impbid', '/impwin']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/imp$/);
  }
});
