import type { Page } from '@playwright/test';
import { expect, startSession, test } from '../support/fixtures.ts';
import type { GamaApi } from '../support/gama-api.ts';
import { declareResult } from '../support/groups.ts';

const ank = (pana: string) => String([...pana].reduce((sum, digit) => sum + Number(digit), 0) % 10);
const DANGER = 'rgb(185, 28, 28)';

async function chartMarketId(api: GamaApi, group: string, name: string): Promise<number> {
  const { body } = await api.post('/api-market-chart', { group });
  const market = (body.markets as Array<{ game_id: number; game_name: string }>).find(
    (m) => m.game_name === name,
  );
  if (!market) throw new Error(`no ${group} market ${name}`);
  return market.game_id;
}

function dayCell(page: Page, chart: RegExp, date: string) {
  return page.getByRole('table', { name: chart }).locator(`td[data-date="${date}"]`);
}

test.describe('Market Charts', () => {
  test('main market: the jodi and panel charts show a declared result in its weekday column', async ({
    page,
    api,
    player,
  }) => {
    // MORNING STAR (09:30-10:30 AM) has drawn both halves by the e2e clock, Friday 2026-11-20 12:00 IST.
    const id = await chartMarketId(api, 'main', 'MORNING STAR');
    const open = await declareResult(api, { market_id: id, date: '2026-11-20', half: 'open', value: '123' });
    const close = await declareResult(api, {
      market_id: id,
      date: '2026-11-20',
      half: 'close',
      value: '456',
    });
    const jodi = ank(open) + ank(close);

    await startSession(page, player);
    // A phone whose clock is nine days ahead, and the profile (which tells the app the server's time) answered
    // only after the chart is on screen: which days have come is still the server's day.
    await page.clock.setFixedTime(new Date('2026-11-29T12:00:00+05:30'));
    let answerProfile = () => {};
    const profileHeld = new Promise<void>((resolve) => (answerProfile = resolve));
    await page.route('**/api-user-wallet-balance', async (route) => {
      await profileHeld;
      await route.continue();
    });
    await page.goto('/charts');
    await expect(page.getByRole('button', { name: 'Main', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.getByLabel('Market', { exact: true }).selectOption({ label: 'MORNING STAR' });

    const jodiTable = page.getByRole('table', { name: /Jodi chart/ });
    await expect(jodiTable.getByRole('columnheader')).toHaveText([
      'Week',
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
      'Sun',
    ]);
    const week = jodiTable.getByRole('row', { name: /16 Nov/ });
    await expect(week.getByRole('cell').nth(4)).toHaveText(jodi);
    await expect(dayCell(page, /Jodi chart/, '2026-11-20')).toHaveText(jodi);
    // Saturday has not come yet: blank, not "**".
    await expect(dayCell(page, /Jodi chart/, '2026-11-21')).toHaveText('');
    answerProfile();

    const panel = dayCell(page, /Panel chart/, '2026-11-20');
    await expect(panel).toContainText(open);
    await expect(panel).toContainText(jodi);
    await expect(panel).toContainText(close);
  });

  test('a double jodi is marked red', async ({ page, api, player }) => {
    const id = await chartMarketId(api, 'main', 'MILAN DAY');
    const open = await declareResult(api, { market_id: id, date: '2026-11-18', half: 'open', value: '550' });
    const close = await declareResult(api, {
      market_id: id,
      date: '2026-11-18',
      half: 'close',
      value: '127',
    });
    const jodi = ank(open) + ank(close);

    await startSession(page, player);
    await page.goto('/charts?group=main');
    await page.getByLabel('Market', { exact: true }).selectOption({ label: 'MILAN DAY' });
    const cell = dayCell(page, /Jodi chart/, '2026-11-18');
    await expect(cell).toHaveText(jodi);
    if (jodi[0] === jodi[1]) await expect(cell).toHaveCSS('color', DANGER);
    else await expect(cell).not.toHaveCSS('color', DANGER);
  });

  test('Starline: the slot pana and its ank per day, opened from the list Chart button', async ({
    page,
    api,
    player,
  }) => {
    const id = await chartMarketId(api, 'starline', '12:00 PM');
    const pana = await declareResult(api, { market_id: id, date: '2026-11-20', value: '349' });

    await startSession(page, player);
    await page.goto('/star');
    await page.getByRole('link', { name: 'Chart' }).click();
    await expect(page).toHaveURL(/\/charts\?group=starline$/);
    await expect(page.getByRole('button', { name: 'Starline', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.getByLabel('Market', { exact: true }).selectOption({ label: '12:00 PM' });
    const cell = dayCell(page, /Starline chart/, '2026-11-20');
    await expect(cell).toContainText(pana);
    await expect(cell).toContainText(ank(pana));
  });

  test('Gali: the two digits per day', async ({ page, api, player }) => {
    const id = await chartMarketId(api, 'gali', 'FARIDABAD');
    const pair = await declareResult(api, { market_id: id, date: '2026-11-19', value: '88' });

    await startSession(page, player);
    await page.goto('/charts?group=gali');
    await page.getByLabel('Market', { exact: true }).selectOption({ label: 'FARIDABAD' });
    const cell = dayCell(page, /Gali chart/, '2026-11-19');
    await expect(cell).toHaveText(pair);
    if (pair[0] === pair[1]) await expect(cell).toHaveCSS('color', DANGER);
  });

  test('a market without declarations shows NO DATA FOUND', async ({ page, player }) => {
    await startSession(page, player);
    // The 10:00 PM slot's draw is still to come at the e2e clock, so nobody can have declared it.
    await page.goto('/charts?group=starline');
    await page.getByLabel('Market', { exact: true }).selectOption({ label: '10:00 PM' });
    await expect(page.getByText('NO DATA FOUND')).toBeVisible();
  });
});
