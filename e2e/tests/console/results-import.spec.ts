import { expectAccessible } from '../../support/axe.ts';
import { Business } from '../../support/business.ts';
import { createOperator, openScreen, PHONE, shot, signIn } from '../../support/console.ts';
import { expect, test } from '../../support/fixtures.ts';

test(
  'results desk: past results pasted as CSV are previewed line by line, imported, and the chart shows them',
  PHONE,
  async ({ page, api, baseURL }, info) => {
    // A market of this test's own, and days before the server's 2026-11-20, so no other test's draws are met.
    const business = await Business.start(api);
    const ravi = await business.player(0);
    const market = await business.market('IMPORT', ravi);

    const desk = await createOperator(baseURL ?? '', 'results');
    await signIn(page, desk);
    await openScreen(page, info, 'Results');
    await page.getByRole('link', { name: 'Import past results' }).click();
    await expect(page.getByRole('heading', { name: 'Import past results', level: 1 })).toBeVisible();

    // Nothing pasted yet: a clear message, nothing sent.
    await page.getByLabel('Market').selectOption({ label: `${market.name} (main)` });
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByRole('alert')).toContainText('Paste or choose a CSV with at least one line');

    await page
      .getByLabel('Lines')
      .fill(['date,open,close', '10-11-2026,123,456', '2026-11-11,321,456', '2026-11-12,128,'].join('\n'));
    await page.getByRole('button', { name: 'Preview' }).click();
    const status = page.getByRole('status').filter({ hasText: 'to import' });
    await expect(status).toHaveText(
      '2 to import, 0 already there, 1 refused. Nothing is written until you import.',
    );
    const main = page.getByRole('main');
    await expect(main).toContainText('2026-11-11,321,456');
    await expect(main).toContainText('open: Please enter one of the 220 panas');
    await shot(page, info, 'results-import-preview');
    await expectAccessible(page, 'results import preview');

    await page.getByRole('button', { name: 'Import 2 good lines' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'imported' })).toHaveText(
      '2 imported, 0 already there, 1 refused.',
    );
    await shot(page, info, 'results-import-done');

    // The player's chart shows the imported days; the refused one stays empty.
    const chart = await api.post('/api-market-chart', { group: 'main', game_id: market.id });
    const markets = chart.body.markets as Array<{
      days: Array<{ date: string; open: string | null; close: string | null }>;
    }>;
    const days = markets[0]?.days ?? [];
    expect(days.find((d) => d.date === '2026-11-10')).toMatchObject({ open: '123', close: '456' });
    expect(days.find((d) => d.date === '2026-11-12')).toMatchObject({ open: '128', close: null });
    expect(days.find((d) => d.date === '2026-11-11')?.open ?? null).toBeNull();

    // A second preview of the same text: the imported days are already there.
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(status).toHaveText(
      '0 to import, 2 already there, 1 refused. Nothing is written until you import.',
    );
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      new RegExp(`/admin-api/results/export\\?market_id=${market.id}`),
    );
  },
);
