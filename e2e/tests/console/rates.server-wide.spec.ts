/**
 * Rates apply to every bid placed after a change, so this spec runs on the betting-off server, where no
 * player bids (playwright.config.ts: `*.server-wide.spec.ts`). Its two owner tests edit different groups, so
 * running side by side they never race for the same version; each puts its rate back at the end.
 */
import { rateMessages } from '@gama/core/endpoints/rates/index';
import { expect, test } from '../../support/fixtures.ts';
import { Operator } from '../../support/bidding.ts';
import { createOperator, openScreen, shot, signIn } from '../../support/console.ts';

interface RatesJson {
  current: { version: number; rates: Record<string, [number, number]> };
}

for (const gali of [false, true]) {
  test(`the owner changes a ${gali ? 'Gali Disawar' : 'Starline'} rate as a new version after a confirmation; a change made elsewhere meanwhile is refused in the server words`, async ({
    page,
    baseURL,
  }, info) => {
    const [group, groupLabel, field, label] = gali
      ? (['gali', 'Gali Disawar', 'single_digit', 'Left Digit'] as const)
      : (['starline', 'Starline', 'single_digit', 'Single Digit'] as const);
    const api = await Operator.login(baseURL ?? '');
    const before = await api.call<RatesJson>('GET', `/admin-api/rates?group=${group}`);
    const original = before.current.rates[field];
    if (!original) throw new Error(`no ${field} rate for ${group}`);
    const [stake, pays] = original;

    const owner = await createOperator(baseURL ?? '', 'owner');
    try {
      await signIn(page, owner);
      await openScreen(page, info, 'Rates');
      await expect(page.getByRole('heading', { name: 'Rates', level: 1 })).toBeVisible();
      await expect(page.getByRole('note')).toContainText('Placed bids keep their rate.');
      await page
        .getByRole('group', { name: 'Market group' })
        .getByRole('button', { name: groupLabel })
        .click();
      await expect(page).toHaveURL(new RegExp(`group=${group}`));
      const version = before.current.version;
      await expect(
        page.getByRole('heading', { name: `${groupLabel}: version ${version} in force` }),
      ).toBeVisible();

      const row = page
        .getByRole('table', { name: `${groupLabel} rates in force` })
        .getByRole('row')
        .filter({
          hasText: label,
        });
      await expect(row).toContainText(`${stake}-${pays}`);
      const payout = row.getByLabel(`${label} payout (val_2)`);
      await expect(payout).toHaveValue(String(pays));

      // The shared rule refuses a payout that is not above the stake before anything is sent.
      await payout.fill(String(stake));
      await page.getByRole('button', { name: `Save as version ${version + 1}` }).click();
      await expect(row.getByRole('alert')).toHaveText(
        `${label}: the payout (val_2) must be more than the stake (val_1)`,
      );
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await payout.fill(String(pays + 1));
      await expect(page.getByRole('region', { name: 'Rate changes' })).toContainText(
        `1 rate changed; saving makes version ${version + 1}.`,
      );
      await shot(page, info, 'rates-edit');
      await page.getByRole('button', { name: `Save as version ${version + 1}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Change rates' });
      await expect(confirm).toContainText(`${groupLabel} rates become version ${version + 1}:`);
      await expect(confirm).toContainText(`${label}: ${stake}-${pays} → ${stake}-${pays + 1}`);
      await expect(confirm).toContainText('Bids already placed keep the rate they were placed at.');
      await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await shot(page, info, 'rates-confirm');
      await confirm.getByRole('button', { name: `Save version ${version + 1}` }).click();
      await expect(page.getByText(`${groupLabel} rates saved as version ${version + 1}`)).toBeVisible();
      await expect(
        page.getByRole('heading', { name: `${groupLabel}: version ${version + 1} in force` }),
      ).toBeVisible();
      await expect(row).toContainText(`${stake}-${pays + 1}`);

      const history = page.getByRole('table', { name: `${groupLabel} rate versions` });
      const newest = history.getByRole('row').filter({ hasText: `Version ${version + 1}` });
      await expect(newest).toContainText('In force');
      await expect(newest).toContainText(owner.username);
      await expect(newest).toContainText(`${label}: ${stake}-${pays} → ${stake}-${pays + 1}`);
      await shot(page, info, 'rates-history');

      // Another owner saves meanwhile: this form still shows the version before, and the server refuses it.
      await api.call('POST', '/admin-api/rates', { group, rates: { [field]: [stake, pays + 2] } });
      await payout.fill(String(pays + 3));
      await page.getByRole('button', { name: `Save as version ${version + 2}` }).click();
      const stale = page.getByRole('dialog', { name: 'Change rates' });
      await stale.getByRole('button', { name: `Save version ${version + 2}` }).click();
      await expect(stale.getByRole('alert')).toHaveText(rateMessages.stale(version + 2));
      await stale.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('button', { name: 'Reload' }).click();
      await expect(
        page.getByRole('heading', { name: `${groupLabel}: version ${version + 2} in force` }),
      ).toBeVisible();
      await expect(payout).toHaveValue(String(pays + 2));
    } finally {
      // Put the rate back for whatever runs on this server next (as a further version: history is append-only).
      const now = await api.call<RatesJson>('GET', `/admin-api/rates?group=${group}`);
      const pair = now.current.rates[field];
      if (pair && (pair[0] !== stake || pair[1] !== pays)) {
        await api.call('POST', '/admin-api/rates', { group, rates: { [field]: [stake, pays] } });
      }
    }
  });
}

test('a cashier reads the rates and their history but cannot change them', async ({
  page,
  baseURL,
}, info) => {
  const cashier = await createOperator(baseURL ?? '', 'cashier');
  await signIn(page, cashier);
  await openScreen(page, info, 'Rates');
  await expect(page.getByRole('heading', { name: /^Main markets: version \d+ in force$/ })).toBeVisible();
  const rates = page.getByRole('table', { name: 'Main markets rates in force' });
  await expect(rates.getByRole('row').filter({ hasText: 'Single Digit' })).toContainText(/\d+-\d+/);
  await expect(rates.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByText('Only an owner can change rates.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Save as version/ })).toHaveCount(0);
  await expect(
    page.getByRole('table', { name: 'Main markets rate versions' }).getByRole('row'),
  ).not.toHaveCount(0);
  await shot(page, info, 'rates-read-only');
});
