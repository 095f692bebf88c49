import { expectAccessible } from '../../support/axe.ts';
import { Operator } from '../../support/bidding.ts';
import { expect, test } from '../../support/fixtures.ts';
import { PHONE, createOperator, openScreen, shot, signIn } from '../../support/console.ts';

test(
  'a cashier’s credit past the 24-hour allowance moves nothing until another operator approves it on Held credits',
  PHONE,
  async ({ page, browser, api, baseURL }, info) => {
    const base = baseURL ?? '';
    const player = await api.registerPlayer();
    const maker = await createOperator(base, 'cashier');
    const checker = await createOperator(base, 'cashier');
    const makerApi = await Operator.login(base, { username: maker.username, password: maker.password });
    const id = await makerApi.playerId(player.mobile);
    // A cashier's default allowance is 50,000 points a day: five credits of 10,000 (the most one credit may be).
    for (let i = 0; i < 5; i++)
      await makerApi.call('POST', `/admin-api/players/${id}/adjust`, {
        points: 10_000,
        reason: 'Opening credit',
      });

    await signIn(page, maker);
    await page.goto(`/admin/players/${id}`);
    await expect(page.getByRole('main')).toContainText('50,000.00');
    await page.getByRole('button', { name: 'Credit or debit' }).click();
    const adjust = page.getByRole('dialog', { name: 'Credit or debit' });
    await adjust.getByLabel('Points', { exact: true }).fill('2500');
    await adjust.getByLabel('Reason', { exact: true }).fill('Festival bonus');
    await adjust.getByRole('button', { name: /^Credit 2,500 points to / }).click();
    await expect(page.getByText(/it waits for a second operator's approval/)).toBeVisible();
    await expect(page.getByRole('main')).toContainText('50,000.00');

    await openScreen(page, info, 'Held credits');
    await expect(page.getByRole('heading', { name: 'Held credits', level: 1 })).toBeVisible();
    const mine = page.getByRole('row').filter({ hasText: player.name });
    await expect(mine).toContainText('2,500.00');
    await expect(mine).toContainText('Festival bonus');
    await expect(mine).toContainText('Yours: another operator must approve');
    await expect(mine.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await shot(page, info, 'held-credits-maker');

    const other = await browser.newContext({ baseURL: base, viewport: page.viewportSize() });
    const second = await other.newPage();
    await signIn(second, checker);
    await openScreen(second, info, 'Held credits');
    const row = second.getByRole('row').filter({ hasText: player.name });
    await expect(row).toContainText(`${maker.username}`);
    await expect(row).toContainText('50,000.00 of 50,000 points used');
    await shot(second, info, 'held-credits-checker');
    await expectAccessible(second, 'held-credits');
    await row.getByRole('button', { name: 'Approve' }).click();
    const confirm = second.getByRole('dialog', { name: 'Approve credit' });
    await expect(confirm).toContainText(`Credit 2,500.00 points to ${player.name}`);
    await confirm.getByRole('button', { name: 'Approve and credit' }).click();
    await expect(second.getByText(`Credited 2,500.00 points to ${player.name}`)).toBeVisible();
    await expect(row).toHaveCount(0);
    await second.goto(`/admin/players/${id}`);
    await expect(second.getByRole('main')).toContainText('52,500.00');
    await other.close();
  },
);

test(
  'the owner sees the operator limits in Settings, and a change says what it does before it is saved',
  PHONE,
  async ({ page, baseURL }, info) => {
    const owner = await createOperator(baseURL ?? '', 'owner');
    await signIn(page, owner);
    await openScreen(page, info, 'Settings');
    const limits = page.getByRole('main');
    const cashierCredits = limits.getByLabel(/A cashier may credit alone/);
    await expect(cashierCredits).toHaveValue('50000');
    await expect(limits.getByLabel(/A cashier may pay out alone/)).toHaveValue('50000');
    await expect(limits.getByLabel(/An owner may credit alone/)).toHaveValue('0');
    await expect(limits.getByLabel(/Days after crediting a player/)).toHaveValue('7');
    await shot(page, info, 'settings-operator-limits');

    // Nothing is saved: the limits hold for the whole server, and other tests run on it now.
    await cashierCredits.fill('60000');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const confirm = page.getByRole('dialog', { name: 'Save settings' });
    await expect(confirm).toContainText('A cashier may credit alone, in any 24 hours: 60,000 points');
    await shot(page, info, 'settings-operator-limits-confirm');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await cashierCredits.fill('x');
    await expect(cashierCredits).toHaveValue('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Enter a whole number from 0 to 1,00,00,00,000')).toBeVisible();
  },
);
