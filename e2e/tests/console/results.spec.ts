import { Operator } from '../../support/bidding.ts';
import { expect, test } from '../../support/fixtures.ts';
import { createOperator, openScreen, PHONE, shot, signIn } from '../../support/console.ts';
import { E2E_TODAY } from '../../support/server-env.ts';

test(
  'results desk: declare a draw after its preview, then revert it after seeing what it undoes',
  PHONE,
  async ({ page, baseURL }, info) => {
    // A market of its own whose draws (09:00 and 10:00 AM) are both past at the tests' 12:00 PM.
    const owner = await Operator.login(baseURL ?? '');
    const name = `DESK ${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
    await owner.createMainMarket(name, '09:00 AM', '10:00 AM');
    const desk = await createOperator(baseURL ?? '', 'results');
    await signIn(page, desk);
    // A results operator lands on the desk, where their work is.
    await expect(page).toHaveURL(/\/admin\/results(\?.*)?$/);
    await openScreen(page, info, 'Results');
    await expect(page.getByRole('heading', { name: 'Results', level: 1 })).toBeVisible();
    // The top bar counts what waits for this operator.
    await expect(page.getByRole('list', { name: 'Waiting for you' })).toContainText(
      /\d+ results? to approve/,
    );
    await page.getByRole('group', { name: 'Group' }).getByRole('button', { name: 'Main' }).click();
    await expect(page).toHaveURL(/group=main/);
    // The date field names the day the board shows, as the page does.
    await expect(page.getByLabel('Date', { exact: true })).toHaveValue(E2E_TODAY.iso);
    // In Indian order, as the page writes days, whatever the browser's locale (its own text is covered).
    const dateField = page.getByLabel('Date', { exact: true });
    await expect(dateField.locator('..')).toHaveText('20 Nov 2026');

    const market = page.getByRole('region', { name });
    await expect(market.getByText('Awaiting result')).toHaveCount(2);
    await shot(page, info, 'results-board');

    await market.getByRole('button', { name: 'Declare' }).first().click();
    const dialog = page.getByRole('dialog', { name: `Declare ${name} open` });
    await expect(dialog.getByRole('button', { name: 'Declare and pay' })).toBeDisabled();
    await dialog.getByLabel('Result', { exact: true }).fill('123');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect(dialog).toContainText(
      `Declare 123 as ${name} open for 20 Nov 2026: 0 winning bids, 0.00 points payout. It is paid at once.`,
    );
    await shot(page, info, 'results-declare-preview');
    // A different value needs its own preview before it can be declared.
    await dialog.getByLabel('Result', { exact: true }).fill('124');
    await expect(dialog.getByRole('button', { name: 'Declare and pay' })).toBeDisabled();
    await dialog.getByLabel('Result', { exact: true }).fill('123');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await dialog.getByRole('button', { name: 'Declare and pay' }).click();
    await expect(page.getByText(`123 declared for ${name} open: 0 winning bids paid`)).toBeVisible();
    await expect(market.getByText('Declared')).toBeVisible();
    await expect(market).toContainText('Result 123');

    // The revert's button waits for its preview: what it takes back is read before it can be pressed (a press
    // before the preview came used to end in "Something went wrong").
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/admin-api/results/revert-preview*', async (route) => {
      await held;
      await route.continue();
    });
    await market.getByRole('button', { name: 'Revert' }).click();
    const revert = page.getByRole('dialog', { name: `Revert ${name} open` });
    await expect(revert.getByRole('button', { name: 'Revert result' })).toBeDisabled();
    release();
    await expect(revert).toContainText(`Revert Open 123 of ${name} for 20 Nov 2026: take back 0.00 points`);
    await expect(revert.getByRole('button', { name: 'Revert result' })).toBeEnabled();
    await page.unrouteAll();
    await revert.getByRole('button', { name: 'Revert result' }).click();
    await expect(revert.getByRole('alert')).toHaveText('Enter at least 5 characters');
    await revert.getByLabel('Reason (kept in the audit log)').fill('Wrong market entered');
    await shot(page, info, 'results-revert');
    await revert.getByRole('button', { name: 'Revert result' }).click();
    await expect(page.getByText(`Reverted ${name} open`)).toBeVisible();
    await expect(market.getByText('Awaiting result')).toHaveCount(2);
    expect(E2E_TODAY.iso).toBe('2026-11-20');

    // At draw time the desk can show only what needs a result.
    await page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Needs a result' }).click();
    await expect(page).toHaveURL(/show=due/);
    await expect(market.getByText('Awaiting result')).toHaveCount(2);
    await expect(page.getByText('Bidding open')).toHaveCount(0);
    await shot(page, info, 'results-due');

    // A Starline market is named by its time alone: its confirmation says Starline too (previewed, not declared).
    await page.getByRole('group', { name: 'Group' }).getByRole('button', { name: 'Starline' }).click();
    await expect(page).toHaveURL(/group=starline/);
    // The demo's 10:00 AM Starline draw is past at the tests' 12:00 PM.
    const time = '10:00 AM';
    const starline = page.getByRole('region', { name: time, exact: true });
    await starline.getByRole('button', { name: 'Declare' }).click();
    const star = page.getByRole('dialog', { name: `Declare Starline ${time}` });
    await star.getByLabel('Result', { exact: true }).fill('377');
    await star.getByRole('button', { name: 'Preview' }).click();
    await expect(star).toContainText(
      new RegExp(`Declare 377 as Starline ${time} for 20 Nov 2026: \\d+ winning bids?, `),
    );
    await shot(page, info, 'results-declare-starline');
    await star.getByRole('button', { name: 'Cancel' }).click();
  },
);

test(
  'a viewer reads the board but has no declare or revert buttons',
  PHONE,
  async ({ page, baseURL }, info) => {
    const viewer = await createOperator(baseURL ?? '', 'viewer');
    await signIn(page, viewer);
    await openScreen(page, info, 'Results');
    await expect(page.getByRole('heading', { name: 'Results', level: 1 })).toBeVisible();
    await expect(page.getByRole('region').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Declare' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Revert' })).toHaveCount(0);
  },
);
