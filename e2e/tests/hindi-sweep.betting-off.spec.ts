import { expect, loginViaUi, test } from '../support/fixtures.ts';
import { englishWords, settle, visibleText, watchOperatorContent } from '../support/hindi-sweep.ts';
import { mainLayoutRoutes } from '../support/spec-routes.ts';

test('betting off, in Hindi: every spec route, the menu and support show no English word', async ({
  page,
  player,
}) => {
  test.setTimeout(180_000);
  const content = watchOperatorContent(page);
  await loginViaUi(page, player);
  await page.evaluate(() => window.localStorage.setItem('gama.language', 'hi'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');

  const leftovers: Record<string, string[]> = {};
  const names = [player.name, player.name.slice(0, 10)];
  const check = async (where: string) => {
    const words = englishWords(await visibleText(page), [...content, ...names]);
    if (words.length > 0) leftovers[where] = words;
  };
  for (const route of [...mainLayoutRoutes, '/notifications', '/play-limits']) {
    await page.goto(route);
    await settle(page);
    await check(route);
  }
  await page.goto('/imp');
  await settle(page);
  await page.getByRole('button', { name: 'मेन्यू खोलें' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await check('menu');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'सहायता' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await check('support');

  expect(leftovers).toEqual({});
});
