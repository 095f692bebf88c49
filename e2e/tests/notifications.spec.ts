import { notificationMessages as m } from '@gama/core/contract/notification-messages';
import { depositWithUtr } from '../support/console.ts';
import { expect, loginViaUi, test } from '../support/fixtures.ts';
import { Operator } from '../support/funds.ts';

test('an operator approves a deposit and the bell shows it live, without a reload', async ({
  page,
  api,
  player,
}) => {
  const operator = await Operator.login(api);
  // The stream is open before the operator acts: the event must come through it, not from a page load.
  const streamOpen = page.waitForResponse(
    (r) => r.url().endsWith('/api-notifications-stream') && r.status() === 200,
  );
  await loginViaUi(page, player);
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName(m.bell);
  await expect(page.getByTestId('notification-count')).toHaveCount(0);
  expect((await streamOpen).headers()['content-type']).toBe('text/event-stream; charset=utf-8');
  let loads = 0;
  page.on('load', () => (loads += 1));

  const { id } = await depositWithUtr(api, player, 400);
  await operator.approveDeposit(id);

  await expect(page.getByTestId('notification-count')).toHaveText('1');
  await expect(bell).toHaveAccessibleName(m.bellUnread(1));
  // The wallet moved with it.
  await expect(page.getByTestId('wallet-amount')).toHaveText('400');
  expect(loads).toBe(0);

  await bell.click();
  await expect(page).toHaveURL(/\/notifications$/);
  const list = page.getByTestId('notification-list');
  await expect(list.getByText(m.depositApproved('400'))).toBeVisible();
  await expect(list.getByText('New')).toBeVisible();
  // Opening the list marks it read.
  await expect(page.getByTestId('notification-count')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('notifications.png') });
});
