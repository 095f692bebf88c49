/**
 * Markets and schedules (issue 15) from the console, with the player app beside it: an owner creates a main
 * market, changes its times to a close after midnight, makes today an off day and gives it back, and the
 * player's home list follows each change on its next poll; once the day has a bid, a change that would move
 * its draws is refused in the server's words. It places a bid, so it runs on the betting-off server
 * (`*.server-wide.spec.ts`), on a market of its own that no other test lists or bids on.
 */
import { bidMessages } from '@gama/core/rules/messages';
import { scheduleMessages } from '@gama/core/rules/schedule-edit';
import type { Page } from '@playwright/test';
import { Business } from '../../support/business.ts';
import { createOperator, openScreen, shot, signIn } from '../../support/console.ts';
import { expect, loginViaUi, test } from '../../support/fixtures.ts';
import { E2E_TODAY } from '../../support/server-env.ts';

/** The player app polls its market list every 5 s and the server caches it for 2 s. */
const NEXT_POLL = { timeout: 30_000 };

function playerCard(page: Page, name: string) {
  return page.getByTestId('market-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

test('an owner creates a market, moves its close past midnight, adds an off day and renames it, the player app follows at once, and a change or switch-off for a day with bids is refused', async ({
  page,
  browser,
  baseURL,
  api,
}, info) => {
  // Each change waits for the player app's next poll (up to 7 s).
  test.setTimeout(180_000);
  const name = `E2E MKT ${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
  const owner = await createOperator(baseURL ?? '', 'owner');
  await signIn(page, owner);
  await openScreen(page, info, 'Markets');
  await expect(page.getByRole('heading', { name: 'Markets', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Market group' }).getByRole('button', { name: 'Main markets' }),
  ).toHaveAttribute('aria-pressed', 'true');

  // Create: the form says what is wrong before anything is sent.
  await page.getByRole('button', { name: 'New market' }).click();
  const create = page.getByRole('dialog', { name: 'New market' });
  await create.getByLabel('Name').fill(name);
  await create.getByRole('button', { name: 'Create market' }).click();
  await expect(create.getByLabel('Open time')).toHaveAccessibleDescription('Enter a time');
  await create.getByLabel('Open time').fill('15:00');
  await create.getByLabel('Close time').fill('17:00');
  await shot(page, info, 'markets-create');
  await create.getByRole('button', { name: 'Create market' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/markets\/\d+$/);
  const marketId = Number(/\/markets\/(\d+)$/.exec(page.url())?.[1]);

  const days = page.getByRole('table', { name: `${name}: the next 14 days` });
  const today = days.getByRole('row').filter({ hasText: '20 Nov 2026' });
  await expect(today).toContainText('open 03:00 PM, close 05:00 PM');

  // The player, betting on and funded, with the home list open beside the console.
  const business = await Business.start(api);
  const player = await business.player(100);
  await business.operator.call('POST', `/admin-api/players/${player.id}/betting-status`, {
    betting_status: '1',
  });
  const phone = await browser.newContext({
    baseURL: baseURL ?? '',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    serviceWorkers: 'block',
    extraHTTPHeaders: { 'X-Forwarded-For': api.clientIp },
  });
  const app = await phone.newPage();
  try {
    await loginViaUi(app, player);
    const card = playerCard(app, name);
    await expect(card).toContainText('Market Open for today', NEXT_POLL);
    await expect(card).toContainText('Open 03:00 PM');
    await expect(card).toContainText('Close 05:00 PM');

    // The close moves past midnight: the confirmation says which days change, the player sees it next poll.
    const everyDay = page.getByRole('group', { name: 'Every day' });
    await everyDay.getByLabel('Close time').fill('01:00');
    await expect(page.getByRole('status').filter({ hasText: 'Closes after midnight' })).toBeVisible();
    await page.getByRole('button', { name: 'Save timetable' }).click();
    const confirm = page.getByRole('dialog', { name: 'Change the timetable' });
    await expect(confirm).toContainText(
      `From the next draw ${name} opens and closes at 03:00 PM – 01:00 AM (next day) every day.`,
    );
    await expect(confirm).toContainText(
      'Fri 20 Nov 2026: 03:00 PM – 05:00 PM → 03:00 PM – 01:00 AM (next day)',
    );
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await shot(page, info, 'markets-timetable-confirm');
    await confirm.getByRole('button', { name: 'Save timetable' }).click();
    await expect(page.getByText(`${name}: timetable saved`)).toBeVisible();
    await expect(today).toContainText('open 03:00 PM, close 01:00 AM (next day)');
    await expect(card).toContainText('Close 01:00 AM', NEXT_POLL);
    await expect(card).toContainText('Market Open for today');

    // Today becomes an off day: closed in the app, and Play says so.
    const offDay = page.getByRole('form', { name: 'Add an off day' });
    await offDay.getByLabel('Day without a draw').fill(E2E_TODAY.iso);
    await offDay.getByLabel('Note (holiday name)').fill('Test holiday');
    await offDay.getByRole('button', { name: 'Add off day' }).click();
    const addOff = page.getByRole('dialog', { name: 'Add an off day' });
    await expect(addOff).toContainText(`${name} has no draw on Fri 20 Nov 2026 (Test holiday)`);
    await addOff.getByRole('button', { name: 'Add off day' }).click();
    await expect(page.getByText(`20 Nov 2026 is an off day for ${name}`)).toBeVisible();
    await expect(today).toContainText('Off day: Test holiday');
    await expect(page.getByRole('list', { name: 'Off days' })).toContainText('Test holiday');
    await shot(page, info, 'markets-off-day');
    await expect(card).toContainText('Market Close for today', NEXT_POLL);
    await card.getByRole('button', { name: `Play ${name}` }).click();
    const closed = app.getByRole('dialog', { name: bidMessages.marketClosedTitle });
    await expect(closed).toContainText(bidMessages.marketClosedToday);
    await closed.getByRole('button', { name: 'OK' }).click();

    // Given back, the day draws again and Play opens the game.
    await page.getByRole('button', { name: 'Give 20 Nov 2026 its draws back' }).click();
    const giveBack = page.getByRole('dialog', { name: 'Give the day its draws back' });
    await expect(giveBack).toContainText(
      `${name} draws again on Fri 20 Nov 2026: open 03:00 PM, close 01:00 AM (next day).`,
    );
    await giveBack.getByRole('button', { name: 'Give back' }).click();
    await expect(page.getByText(`20 Nov 2026 draws again for ${name}`)).toBeVisible();
    await expect(card).toContainText('Market Open for today', NEXT_POLL);
    await card.getByRole('button', { name: `Play ${name}` }).click();
    await expect(app).toHaveURL(/\/game$/);

    // A bid on today's draw: the day now keeps its times, and the server refuses to move them.
    await business.bid(player, { id: marketId, name, openTime: '03:00 PM' }, [
      { digits: '6', points: 10, session: 'open' },
    ]);
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(today).toContainText('Kept: has bids');
    await everyDay.getByLabel('Open time').fill('15:30');
    await page.getByRole('button', { name: 'Save timetable' }).click();
    const refused = page.getByRole('dialog', { name: 'Change the timetable' });
    await expect(refused).toContainText('20 Nov 2026 already has bids');
    await refused.getByRole('button', { name: 'Save timetable' }).click();
    await expect(refused.getByRole('alert')).toHaveText(
      scheduleMessages.held(
        name,
        E2E_TODAY.iso,
        'bids',
        'open 03:00 PM, close 01:00 AM (next day)',
        'open 03:30 PM, close 01:00 AM (next day)',
      ),
    );
    await shot(page, info, 'markets-refused');
    await refused.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Undo changes' }).click();

    // Switching the market off would cancel that draw: refused the same way.
    await page.getByRole('button', { name: 'Switch market off' }).click();
    const switchOff = page.getByRole('dialog', { name: `Switch ${name} off` });
    await expect(switchOff).toContainText('20 Nov 2026 already has bids');
    await switchOff.getByRole('button', { name: 'Switch off' }).click();
    await expect(switchOff.getByRole('alert')).toHaveText(
      scheduleMessages.held(
        name,
        E2E_TODAY.iso,
        'bids',
        'open 03:00 PM, close 01:00 AM (next day)',
        'no draw',
      ),
    );
    await switchOff.getByRole('button', { name: 'Cancel' }).click();

    // Nothing moved: the console and the app still show the times the bid was placed under.
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(today).toContainText('open 03:00 PM, close 01:00 AM (next day)');
    await app.goto('/imp');
    await expect(playerCard(app, name)).toContainText('Open 03:00 PM');

    // The list finds the market by name, with the filter in the URL.
    await page.getByRole('main').getByRole('link', { name: 'Markets' }).click();
    const filters = page.getByRole('search', { name: 'Filters' });
    await filters.getByLabel('Name or id').fill(name);
    await filters.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(name).replace(/%20/g, '\\+')}`));
    const row = page.getByRole('table', { name: 'Main markets' }).getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('03:00 PM – 01:00 AM (next day)');
    await expect(row.getByRole('cell').nth(2)).toHaveText('open 03:00 PM, close 01:00 AM (next day)');
    await expect(row).toContainText('Active');
    await shot(page, info, 'markets-list');

    // A new name reaches the player's list on its next poll.
    await row.click();
    await page.getByRole('button', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: `Rename ${name}` });
    await rename.getByLabel('Name').fill(`${name} NEW`);
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { name: `${name} NEW`, level: 1 })).toBeVisible();
    await expect(playerCard(app, `${name} NEW`)).toBeVisible(NEXT_POLL);
  } finally {
    await phone.close();
  }
});

test('a cashier reads markets and their timetables but cannot change them', async ({
  page,
  baseURL,
}, info) => {
  const cashier = await createOperator(baseURL ?? '', 'cashier');
  await signIn(page, cashier);
  await openScreen(page, info, 'Markets');
  await expect(page.getByRole('heading', { name: 'Markets', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /^New / })).toHaveCount(0);
  await page.getByRole('group', { name: 'Market group' }).getByRole('button', { name: 'Starline' }).click();
  await expect(page).toHaveURL(/group=starline/);
  await page
    .getByRole('table', { name: 'Starline' })
    .getByRole('row')
    .filter({ hasText: /\d{2}:\d{2} [AP]M/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/markets\/\d+$/);
  await expect(page.getByText('Only an owner can change markets.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save timetable' })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Every day' }).getByLabel('Draw time')).toBeDisabled();
  await shot(page, info, 'markets-read-only');
});
