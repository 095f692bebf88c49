import type { Page } from '@playwright/test';
import { expect, loginViaUi, test } from '../support/fixtures.ts';
import type { Player } from '../support/gama-api.ts';
import { englishWords, settle, visibleText, watchOperatorContent } from '../support/hindi-sweep.ts';
import { openInApp } from '../support/in-app.ts';
import { mainLayoutRoutes } from '../support/spec-routes.ts';

async function hindiPlayer(page: Page, player: Player) {
  const content = watchOperatorContent(page);
  await loginViaUi(page, player);
  await page.evaluate(() => window.localStorage.setItem('gama.language', 'hi'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');

  const leftovers: Record<string, string[]> = {};
  const names = [player.name, player.name.slice(0, 10)];
  const check = async (where: string) => {
    const words = englishWords(await visibleText(page), [...(await content.strings()), ...names]);
    if (words.length > 0) leftovers[where] = words;
  };
  return { leftovers, check };
}

// Every spec route, split in three tests so the workers share them.
const sweptRoutes = [...mainLayoutRoutes, '/notifications', '/play-limits'];
const perTest = Math.ceil(sweptRoutes.length / 3);
for (let start = 0; start < sweptRoutes.length; start += perTest) {
  const routes = sweptRoutes.slice(start, start + perTest);
  test(`betting off, in Hindi: the spec routes ${routes[0]} to ${routes.at(-1)} show no English word`, async ({
    page,
    player,
  }) => {
    const { leftovers, check } = await hindiPlayer(page, player);
    // Inside the app, as a player follows its links: one boot for the whole walk (support/in-app.ts).
    for (const route of routes) {
      await openInApp(page, route);
      await settle(page);
      await check(route);
    }
    expect(leftovers).toEqual({});
  });
}

test('betting off, in Hindi: the menu and support show no English word', async ({ page, player }) => {
  const { leftovers, check } = await hindiPlayer(page, player);
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
