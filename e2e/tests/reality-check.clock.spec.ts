/**
 * The reality check runs on the server's clock (the session's sign-in time) and the phone's timers, so this test
 * moves both: the server's clock through the clock server's test-only control, the page's with Playwright's.
 */
import type { Page } from '@playwright/test';
import { Business } from '../support/business.ts';
import { advanceServerClock } from '../support/clock.ts';
import { expect, expectToast, loginViaUi, test } from '../support/fixtures.ts';

/** Lets `seconds` pass on the server (the clock server's test-only control) and in the page. */
async function letTimePass(page: Page, baseURL: string, seconds: number): Promise<void> {
  await advanceServerClock(baseURL, seconds);
  await page.clock.fastForward(seconds * 1000);
}

/** The page is loaded and has its session's figures: whatever check was due would be on screen by now. */
async function reloadAndSettle(page: Page): Promise<void> {
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api-reality-check');
  await page.reload();
  await answered;
  await page.clock.runFor(1_000);
}

test('the reality check comes at each interval from sign-in, survives a reload until answered, and can sign out', async ({
  page,
  api,
  baseURL,
}) => {
  if (!baseURL) throw new Error('baseURL is not configured');
  await page.clock.install();
  const business = await Business.start(api);
  const player = await business.player(100);
  await loginViaUi(page, player);
  // A bid after this sign-in is the session's net result.
  const market = await business.market('REALITY', player);
  await business.bid(player, market, [{ digits: '3', points: 10, session: 'open' }]);

  await page.goto('/play-limits');
  await page.getByLabel('Remind me every').selectOption('15');
  await expectToast(page, 'Reality check saved');
  const dialog = page.getByRole('dialog', { name: 'Reality check' });
  await letTimePass(page, baseURL, 14 * 60);
  await expect(dialog).toBeHidden();

  await letTimePass(page, baseURL, 60);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('reality-time')).toHaveText('15 minutes');
  await expect(dialog.getByTestId('reality-net')).toHaveText('-10 points');
  await expect(dialog.getByRole('button', { name: 'Continue' })).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('reality-check.png') });

  // Unanswered, it is still there after a reload; answered, it is not, until the next interval.
  await reloadAndSettle(page);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toBeHidden();
  await reloadAndSettle(page);
  await expect(dialog).toBeHidden();

  await letTimePass(page, baseURL, 15 * 60);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('reality-time')).toHaveText(/^3[01] minutes$/);
  await dialog.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/play-limits');
  await expect(page).toHaveURL(/\/login$/);
});
