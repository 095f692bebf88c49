import type { Browser } from '@playwright/test';
import { Operator } from '../../support/bidding.ts';
import { expect, test } from '../../support/fixtures.ts';
import { atBothSizes, createOperator, ownerSettings, shot, signIn } from '../../support/console.ts';

// The desk's size and the phone's, one after the other in a one-at-a-time project (playwright.config.ts): every
// results operator's inbox hears of every declaration waiting for approval, so another of these tests running at
// the same time would put its own items in this maker's inbox.
/** The second operator at the main group's results desk, in a browser context of their own. */
async function checkerDesk(browser: Browser, base: string, checker: Parameters<typeof signIn>[1]) {
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  await signIn(page, checker);
  await page.goto('/admin/results?group=main');
  return { checkerPage: page, closeChecker: () => context.close() };
}

atBothSizes(() => {
  test('two-person rule: a declaration waits, its maker cannot approve it, a second operator approves or rejects with a reason the maker reads', async ({
    page,
    browser,
    baseURL,
  }, info) => {
    const base = baseURL ?? '';
    await ownerSettings(base, { results_two_person: true });
    const owner = await Operator.login(base);
    const name = `PAIR ${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
    await owner.createMainMarket(name, '09:00 AM', '10:00 AM');
    const maker = await createOperator(base, 'results');
    const checker = await createOperator(base, 'results');

    await signIn(page, maker);
    await page.goto(`/admin/results?group=main`);
    await expect(page.getByText('Two-person rule on')).toBeVisible();
    const market = page.getByRole('region', { name });
    await market.getByRole('button', { name: 'Declare' }).first().click();
    const declare = page.getByRole('dialog', { name: `Declare ${name} open` });
    await declare.getByLabel('Result', { exact: true }).fill('123');
    await declare.getByRole('button', { name: 'Preview' }).click();
    await expect(declare).toContainText('Nothing is paid until a second operator approves it.');
    await declare.getByRole('button', { name: 'Declare for approval' }).click();
    await expect(page.getByText(`123 for ${name} open waits for a second operator's approval`)).toBeVisible();
    await expect(market.getByText('Pending approval')).toBeVisible();
    await expect(market).toContainText('123 by you, waiting for approval');

    // The maker sees that they cannot approve their own.
    const waiting = page.getByRole('row').filter({ hasText: `${name} · Open` });
    await expect(waiting).toContainText('Yours: another operator must approve');
    await expect(waiting.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await shot(page, info, 'results-pending-maker');

    // The checker lands on the desk too; the main group, as the maker chose.
    const { checkerPage, closeChecker } = await checkerDesk(browser, base, checker);
    await expect(checkerPage.getByRole('list', { name: 'Waiting for you' })).toContainText(
      /[1-9]\d* results? to approve/,
    );
    const checkerRow = checkerPage.getByRole('row').filter({ hasText: `${name} · Open` });
    await shot(checkerPage, info, 'results-pending-checker');
    await checkerPage.getByRole('button', { name: /^Inbox, [1-9]\d* unread$/ }).click();
    await expect(checkerPage.getByRole('region', { name: 'Inbox' })).toContainText(
      `${maker.username} declared 123 for ${name} open, 20 Nov 2026: waiting for your approval`,
    );
    await checkerPage.keyboard.press('Escape');

    // First the checker rejects it: nothing is paid and the draw waits for a new declaration.
    await checkerRow.getByRole('button', { name: 'Reject' }).click();
    const reject = checkerPage.getByRole('dialog', { name: 'Reject declaration' });
    await expect(reject).toContainText(
      `Reject 123 as ${name} open for 20 Nov 2026, declared by ${maker.username}`,
    );
    await reject.getByLabel('Reason (the maker sees it)').fill('The open was 124');
    await reject.getByRole('button', { name: 'Reject' }).click();
    await expect(checkerPage.getByText('Declaration rejected: nothing was paid')).toBeVisible();

    // The maker reads why, on the desk and among what waits for them.
    await page.reload();
    await expect(market.getByText('Awaiting result')).toHaveCount(2);
    await expect(market.getByTestId('declaration-rejected')).toHaveText(
      new RegExp(`^Rejected 123 by you, rejected by ${checker.username} .+: “The open was 124”$`),
    );
    await expect(page.getByRole('list', { name: 'Waiting for you' })).toContainText('1 declaration rejected');
    await shot(page, info, 'results-rejected-maker');
    // And in their own inbox: the bell counts it, opening it reads who, when and why, and marks it read.
    const bell = page.getByRole('button', { name: /^Inbox/ });
    await expect(bell).toHaveAccessibleName('Inbox, 1 unread');
    await bell.click();
    const inbox = page.getByRole('region', { name: 'Inbox' });
    await expect(inbox.getByTestId('inbox-item').first()).toContainText(
      new RegExp(
        `^Your declaration 123 for ${name} open, 20 Nov 2026 was rejected by ${checker.username} on .+: “The open was 124”`,
      ),
    );
    await shot(page, info, 'inbox-rejected-maker');
    await expect(bell).toHaveAccessibleName('Inbox');
    await page.keyboard.press('Escape');
    await expect(inbox).toBeHidden();
    await market.getByRole('button', { name: 'Declare' }).first().click();
    await declare.getByLabel('Result', { exact: true }).fill('124');
    await declare.getByRole('button', { name: 'Preview' }).click();
    await declare.getByRole('button', { name: 'Declare for approval' }).click();
    await expect(page.getByText(`124 for ${name} open waits for a second operator's approval`)).toBeVisible();

    // Then the checker approves the new one: it pays once.
    await checkerPage.reload();
    await checkerRow.getByRole('button', { name: 'Approve' }).click();
    const approve = checkerPage.getByRole('dialog', { name: 'Approve declaration' });
    await expect(approve).toContainText(
      `Declare 124 as ${name} open for 20 Nov 2026: 0 winning bids, 0.00 points payout`,
    );
    await expect(approve).toContainText(`as previewed by ${maker.username}`);
    await approve.getByRole('button', { name: 'Approve and pay' }).click();
    await expect(checkerPage.getByText('Result declared: 0 winning bids paid')).toBeVisible();
    await closeChecker();

    await page.reload();
    await expect(market.getByText('Declared')).toBeVisible();
    await expect(market).toContainText('Result 124');
    await shot(page, info, 'results-after-approval');
  });

  test('two-person rule: a revert is a proposal its maker cannot approve; a second operator approves it and only then is it taken back', async ({
    page,
    browser,
    baseURL,
  }, info) => {
    const base = baseURL ?? '';
    await ownerSettings(base, { results_two_person: true });
    const owner = await Operator.login(base);
    const name = `UNDO ${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
    const marketId = await owner.createMainMarket(name, '09:00 AM', '10:00 AM');
    const maker = await createOperator(base, 'results');
    const checker = await createOperator(base, 'results');
    // The declaration itself goes through both operators, as the rule asks.
    const makerApi = await Operator.login(base, maker);
    const checkerApi = await Operator.login(base, checker);
    const declared = await makerApi.call<{ declaration_id: number }>('POST', '/admin-api/results/declare', {
      market_id: marketId,
      date: '2026-11-20',
      half: 'open',
      value: '123',
    });
    await checkerApi.call('POST', '/admin-api/results/approve', { declaration_id: declared.declaration_id });

    await signIn(page, maker);
    await page.goto(`/admin/results?group=main`);
    const market = page.getByRole('region', { name });
    await expect(market).toContainText('Result 123');
    await market.getByRole('button', { name: 'Revert' }).click();
    const revert = page.getByRole('dialog', { name: `Revert ${name} open` });
    await revert.getByLabel('Reason (kept in the audit log)').fill('The open was 124');
    await revert.getByRole('button', { name: 'Revert result' }).click();
    await expect(
      page.getByText(`Revert of ${name} open proposed: it waits for another operator's approval`),
    ).toBeVisible();
    // Nothing is taken back yet, and the maker cannot approve their own proposal.
    await expect(market).toContainText('Result 123');
    const proposal = page
      .getByRole('row')
      .filter({ hasText: `${name} · Open` })
      .filter({ hasText: 'The open was 124' });
    await expect(proposal).toContainText('Yours: another operator must approve');
    await expect(proposal.getByRole('button', { name: 'Approve revert' })).toHaveCount(0);
    await shot(page, info, 'revert-proposed-maker');

    const { checkerPage, closeChecker } = await checkerDesk(browser, base, checker);
    const waiting = checkerPage
      .getByRole('row')
      .filter({ hasText: `${name} · Open` })
      .filter({ hasText: 'The open was 124' });
    await expect(waiting).toContainText(maker.username);
    await waiting.getByRole('button', { name: 'Approve revert' }).click();
    const approve = checkerPage.getByRole('dialog', { name: 'Approve revert' });
    await approve.getByRole('button', { name: 'Approve and revert' }).click();
    await expect(checkerPage.getByText('Reverted: 0 wins taken back, bids open again')).toBeVisible();
    await closeChecker();

    await page.reload();
    await expect(market.getByText('Awaiting result')).toHaveCount(2);
    await expect(page.getByRole('row').filter({ hasText: 'The open was 124' })).toHaveCount(0);
  });
});
