import { noticeMessages } from '@gama/core/endpoints/notices/index';
import { expectAccessible } from '../../support/axe.ts';
import { expect, test } from '../../support/fixtures.ts';
import {
  atBothSizes,
  createOperator,
  openScreen,
  ownerSettings,
  shot,
  signIn,
} from '../../support/console.ts';
import { marketWithBidders } from '../../support/notices.ts';

/**
 * Notices to players (decision 037). The daily limit and the two-person threshold hold for the whole server,
 * so these run alone on their server, one test at a time, at the desk's size and then the phone's.
 */
atBothSizes(() => {
  test('support composes a notice, sees it on a phone with its reach, and sends it to a market’s bidders', async ({
    page,
    api,
    baseURL,
  }, info) => {
    const base = baseURL ?? '';
    await ownerSettings(base, { notice_daily_limit: 100, notice_two_person_above: 1000 });
    const bidder = await api.registerPlayer();
    const market = await marketWithBidders(api, [bidder]);
    const sender = await createOperator(base, 'support');
    await signIn(page, sender);
    await openScreen(page, info, 'Notices');
    await expect(page.getByRole('heading', { name: 'Notices', level: 1 })).toBeVisible();

    const form = page.getByRole('form', { name: 'Compose a notice' });
    await form.getByLabel(/^Title/).fill('Diwali bonus week');
    await form.getByLabel(/^Text/).fill('Every deposit this week counts double.');
    // Only a screen of the player app: an address is refused with the rule, before anything is counted.
    await form.getByLabel(/^Link/).fill('https://example.com/win');
    await form.getByRole('button', { name: 'Preview' }).click();
    await expect(form.getByText(noticeMessages.link)).toBeVisible();
    await form.getByLabel(/^Link/).fill('/imp9');
    await form.getByLabel('Hindi title').fill('दिवाली बोनस सप्ताह');
    await form.getByLabel('Hindi text').fill('इस सप्ताह हर जमा दोगुना गिना जाएगा।');
    await form
      .getByRole('group', { name: 'Who gets it' })
      .getByRole('button', { name: "A market's bidders today" })
      .click();
    await form.getByLabel('Market').selectOption({ label: market.name });

    const card = page.getByTestId('notice-preview');
    await expect(card).toContainText('Diwali bonus week');
    await expect(card).toContainText('See more · Add Funds');
    await page
      .getByRole('group', { name: 'Preview language' })
      .getByRole('button', { name: 'हिन्दी' })
      .click();
    await expect(card).toContainText('दिवाली बोनस सप्ताह');
    await expect(card).toContainText('और देखें');
    await form.getByRole('button', { name: 'Preview' }).click();
    const reach = page.getByTestId('notice-reach');
    await expect(reach).toContainText(`Reaches 1 player (${market.name}'s bidders today)`);
    await shot(page, info, 'notices-compose');
    await expectAccessible(page, 'notices');

    await reach.getByRole('button', { name: 'Send to 1 player' }).click();
    const confirm = page.getByRole('dialog', { name: 'Send notice' });
    await expect(confirm).toContainText('Diwali bonus week');
    await confirm.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByText('Sent to 1 player')).toBeVisible();
    const row = page
      .getByRole('table', { name: 'Notices sent or rejected, newest first' })
      .getByRole('row')
      .filter({ hasText: market.name })
      .first();
    await expect(row).toContainText('Diwali bonus week');
    await expect(row).toContainText('Sent alone');
    await expect(row).toContainText(sender.username);
    await shot(page, info, 'notices-sent');
  });

  test('past the owner’s threshold a notice is proposed, and a second operator approves and sends it', async ({
    page,
    browser,
    api,
    baseURL,
  }, info) => {
    const base = baseURL ?? '';
    // One player a day may be reached alone: a notice to two waits for a second operator.
    await ownerSettings(base, { notice_daily_limit: 100, notice_two_person_above: 1 });
    const market = await marketWithBidders(api, [await api.registerPlayer(), await api.registerPlayer()]);
    const maker = await createOperator(base, 'support');
    const checker = await createOperator(base, 'support');
    // Its own title: the same test at the other size leaves a notice of its own in the lists.
    const title = `Weekend double points ${Math.random().toString(36).slice(2, 6)}`;
    try {
      await signIn(page, maker);
      await openScreen(page, info, 'Notices');
      const form = page.getByRole('form', { name: 'Compose a notice' });
      await form.getByLabel(/^Title/).fill(title);
      await form.getByLabel(/^Text/).fill('Wins this weekend pay a bonus.');
      await form
        .getByRole('group', { name: 'Who gets it' })
        .getByRole('button', { name: "A market's bidders today" })
        .click();
      await form.getByLabel('Market').selectOption({ label: market.name });
      await form.getByRole('button', { name: 'Preview' }).click();
      const reach = page.getByTestId('notice-reach');
      await expect(reach).toContainText('Reaches 2 players');
      await expect(reach).toContainText(
        'this notice is proposed, and sent when another operator approves it',
      );
      await reach.getByRole('button', { name: 'Propose for approval' }).click();
      await page
        .getByRole('dialog', { name: 'Propose notice' })
        .getByRole('button', { name: 'Propose' })
        .click();
      await expect(page.getByText('Proposed: it waits for a second operator')).toBeVisible();
      const waiting = page.getByRole('table', { name: 'Notices waiting for a second operator' });
      const mine = waiting.getByRole('row').filter({ hasText: title });
      await expect(mine).toContainText('Yours: another operator must approve');
      await expect(mine.getByRole('button', { name: 'Approve and send' })).toHaveCount(0);
      await shot(page, info, 'notices-proposed');

      const other = await browser.newContext({ baseURL: base, viewport: page.viewportSize() });
      const second = await other.newPage();
      await signIn(second, checker);
      await openScreen(second, info, 'Notices');
      const row = second
        .getByRole('table', { name: 'Notices waiting for a second operator' })
        .getByRole('row')
        .filter({ hasText: title });
      await expect(row).toContainText(maker.username);
      await shot(second, info, 'notices-approve');
      await row.getByRole('button', { name: 'Approve and send' }).click();
      const confirm = second.getByRole('dialog', { name: 'Approve and send notice' });
      await confirm.getByRole('button', { name: 'Approve and send' }).click();
      await expect(second.getByText('Sent to 2 players')).toBeVisible();
      const sent = second
        .getByRole('table', { name: 'Notices sent or rejected, newest first' })
        .getByRole('row')
        .filter({ hasText: title });
      await expect(sent).toContainText(checker.username);
      await expect(sent).toContainText(maker.username);
      await other.close();
    } finally {
      await ownerSettings(base, { notice_two_person_above: 1000 });
    }
  });
});
