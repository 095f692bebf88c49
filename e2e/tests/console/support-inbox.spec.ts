import { expect, loginViaUi, openMenu, test } from '../../support/fixtures.ts';
import { createOperator, depositWithUtr, openScreen, PHONE, shot, signIn } from '../../support/console.ts';
import { expectAccessible } from '../../support/axe.ts';
import { randomClientIp } from '../../support/gama-api.ts';

test(
  'support inbox: a player asks about a deposit, the support operator answers in the console, the player sees the reply live with the badge',
  PHONE,
  async ({ page, api, baseURL, browser }, info) => {
    const player = await api.registerPlayer();
    const deposit = await depositWithUtr(api, player, 800);

    // The player, on a phone of their own.
    const phone = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      extraHTTPHeaders: { 'X-Forwarded-For': randomClientIp() },
      reducedMotion: 'reduce',
    });
    const app = await phone.newPage();
    await loginViaUi(app, player);
    await app.goto(`/payutr?request=${deposit.id}`);
    await app.getByTestId('ask-about').click();
    await expect(app.getByText(`About deposit #${deposit.id}`)).toBeVisible();
    await app.getByLabel('Type your message').fill('I paid 800, where are my points?');
    await app.getByRole('button', { name: 'Send' }).click();
    await expect(app.getByTestId('support-messages')).toContainText('I paid 800, where are my points?');
    await expect(app.getByTestId('support-ref')).toHaveText(`About deposit #${deposit.id}`);
    await app.goto('/imp');
    await expect(app.getByTestId('notification-bell')).toBeVisible();
    await expect(app.getByTestId('notification-count')).toHaveCount(0);

    // The support operator's console.
    const helper = await createOperator(baseURL ?? '', 'support');
    await signIn(page, helper);
    await expect(page.getByRole('heading', { name: 'Support', level: 1 })).toBeVisible();
    const row = page.getByTestId('support-inbox').getByRole('button').filter({ hasText: player.name });
    await expect(row).toContainText(`Deposit #${deposit.id}`);
    await expect(row).toContainText('Waiting');
    await shot(page, info, 'support-inbox');
    await row.click();
    const record = page.getByTestId('support-record');
    await expect(record).toHaveText(`Deposit #${deposit.id}`);
    await expect(record).toHaveAttribute('href', /^\/admin\/players\/\d+\/deposits$/);
    await expect(page.getByTestId('support-messages')).toContainText('I paid 800, where are my points?');
    await page.getByLabel('Reply').fill('Your payment is found; the points are on their way.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await expect(page.getByTestId('support-messages')).toContainText('the points are on their way');
    // Answering took the conversation: it is the operator's now, and no longer waiting.
    await expect(page.getByLabel('Assigned to')).toHaveValue(/\d+/);
    await shot(page, info, 'support-thread');
    await expectAccessible(page, 'support conversation');

    // The player's open app hears it on the notification stream, without a reload.
    await expect(app.getByTestId('notification-count')).toHaveText('1');
    const menu = await openMenu(app);
    await expect(menu.getByTestId('menu-badge')).toContainText('1');
    await menu.getByRole('link', { name: /Support/ }).click();
    await expect(app.getByTestId('support-thread-unread')).toHaveText('New replies: 1');
    await app.getByTestId('support-threads').getByRole('button').first().click();
    await expect(app.getByTestId('support-messages')).toContainText(
      'Your payment is found; the points are on their way.',
    );
    // Read here, the reply is read on the bell too.
    await expect(app.getByTestId('notification-count')).toHaveCount(0);
    await shot(app, info, 'support-app-thread');
    await expectAccessible(app, 'player support conversation');
    // Read: the badge is gone.
    const again = await openMenu(app);
    await expect(again.getByTestId('menu-badge')).toHaveCount(0);
    // The same conversation in Hindi.
    await again.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'हिन्दी' }).click();
    await app.keyboard.press('Escape');
    await expect(app.getByRole('heading', { name: 'सहायता', level: 1 })).toBeVisible();
    await expect(app.getByTestId('support-ref')).toHaveText(`जमा #${deposit.id} के बारे में`);
    await expect(app.getByRole('button', { name: 'भेजें' })).toBeVisible();
    await shot(app, info, 'support-app-thread-hi');
    await phone.close();

    // Closing is one click, and the closed box holds it.
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(page.getByText('Conversation closed')).toBeVisible();
    await openScreen(page, info, 'Support');
    await page.getByRole('group', { name: 'State' }).getByRole('button', { name: 'Closed' }).click();
    await page.getByRole('group', { name: 'Whose' }).getByRole('button', { name: 'All' }).click();
    await expect(
      page.getByTestId('support-inbox').getByRole('button').filter({ hasText: player.name }),
    ).toBeVisible();

    // The dashboard times the operator: one first answer, one closed.
    await openScreen(page, info, 'Dashboard');
    const times = page.getByRole('table', { name: 'Support response times per operator' });
    await expect(times.getByRole('row').filter({ hasText: helper.username })).toBeVisible();
    await shot(page, info, 'support-dashboard');
  },
);
