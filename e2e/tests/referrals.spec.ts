import { expectAccessible } from '../support/axe.ts';
import { englishWords, settle, visibleText } from '../support/hindi-sweep.ts';
import { expect, loginViaUi, test } from '../support/fixtures.ts';

test('Refer friends, with referrals off, gives the code and says they are paused, in English and in Hindi', async ({
  page,
  player,
}) => {
  await loginViaUi(page, player);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Refer friends' }).click();
  await expect(page).toHaveURL(/\/refer$/);
  await settle(page);
  await expect(page.getByRole('status')).toHaveText(
    'Referrals are paused right now. Your code will work again when they reopen.',
  );
  const code = (await page.getByTestId('referral-code').innerText()).trim();
  expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
  await expect(page.getByTestId('referrals-brought')).toHaveText('0');
  await expectAccessible(page, 'refer friends, paused');

  await page.evaluate(() => window.localStorage.setItem('gama.language', 'hi'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await settle(page);
  await expect(page.getByRole('heading', { name: 'दोस्तों को बुलाएं' })).toBeVisible();
  await expect(page.getByTestId('referral-code')).toHaveText(code);
  // Only the code itself (and the app's name) may stay in Latin script.
  expect(englishWords(await visibleText(page), [code, 'Gama', player.name])).toEqual([]);
});
