import { expect, test } from '../../support/fixtures.ts';
import { createOperator, masked, openScreen, shot, signIn } from '../../support/console.ts';

test('players: find a player, credit the wallet after a confirmation in points, switch betting off, block and unblock', async ({
  page,
  api,
  baseURL,
}, info) => {
  const player = await api.registerPlayer();
  const owner = await createOperator(baseURL ?? '', 'owner');
  await signIn(page, owner);
  await openScreen(page, info, 'Players');
  await expect(page.getByRole('heading', { name: 'Players', level: 1 })).toBeVisible();
  await page.getByLabel('Phone, name or id').fill(player.mobile);
  await page.getByRole('button', { name: 'Apply' }).click();
  const row = page.getByRole('row').filter({ hasText: player.mobile });
  await expect(row).toContainText(player.name);
  await shot(page, info, 'players-search');
  await row.click();

  await expect(page.getByRole('heading', { name: player.name, level: 1 })).toBeVisible();
  await expect(page.getByText('Betting on', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Credit or debit' }).click();
  const adjust = page.getByRole('dialog', { name: 'Credit or debit' });
  await adjust.getByLabel('Points', { exact: true }).fill('1000');
  await adjust.getByLabel('Reason', { exact: true }).fill('Bonus for the festival');
  const credit = adjust.getByRole('button', {
    name: `Credit 1,000 points to ${player.name} (${masked(player.mobile)})`,
  });
  await expect(credit).toBeVisible();
  await shot(page, info, 'player-credit');
  await credit.click();
  await expect(page.getByText(`Credited 1,000 points to ${player.name}`)).toBeVisible();
  await expect(page.getByRole('main')).toContainText('1,000.00 points');
  const passbook = page.getByRole('table', { name: 'passbook' });
  await expect(passbook).toContainText('+1,000.00');

  await page.getByRole('link', { name: /^Bids/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/players/\\d+/bids$`));
  await expect(page.getByText('No bids.')).toBeVisible();

  await page.getByRole('button', { name: 'Switch betting off' }).click();
  const betting = page.getByRole('dialog', { name: 'Switch betting off' });
  await expect(betting).toContainText('will no longer be able to bid');
  await betting.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(`Betting is off for ${player.name}`)).toBeVisible();
  await expect(page.getByText('Betting off', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Block' }).click();
  const block = page.getByRole('dialog', { name: 'Block player' });
  await block.getByLabel('Reason (kept in the audit log)').fill('Chargeback reported by the bank');
  await block.getByRole('button', { name: 'Block' }).click();
  await expect(page.getByText(`${player.name} is blocked and signed out`)).toBeVisible();
  await expect(page.getByText(/^Blocked .+: Chargeback reported by the bank$/)).toBeVisible();
  await shot(page, info, 'player-blocked');

  // A blocked player cannot sign in.
  const login = await api.post('/api-user-login', { mobile: player.mobile, password: player.password });
  expect(login.body.status).toBe(false);

  await page.getByRole('button', { name: 'Unblock' }).click();
  await page.getByRole('dialog', { name: 'Unblock player' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(`${player.name} may sign in again`)).toBeVisible();
});
