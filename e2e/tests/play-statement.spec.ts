import { readFile } from 'node:fs/promises';
import { fundedPlayerOnHome } from '../support/bidding.ts';
import { expect, test } from '../support/fixtures.ts';

test('the monthly account statement downloads as a CSV file of every movement', async ({
  page,
  api,
  player,
}) => {
  await fundedPlayerOnHome(page, api, player, 500);
  await page.goto('/play-limits');
  const card = page.getByRole('form', { name: 'Account statement' });
  await expect(card.getByLabel('Month')).toHaveValue('2026-11');
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('play-statement.png') });

  const [file] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Download statement' }).click(),
  ]);
  expect(file.suggestedFilename()).toBe('gama-statement-2026-11.csv');
  const text = await readFile(await file.path(), 'utf8');
  // The byte order mark lets spreadsheets read the names in every script.
  expect(text.startsWith('\uFEFF')).toBe(true);
  const lines = text.slice(1).trim().split('\r\n');
  expect(lines[0]).toBe('date,type,details,credit,debit,balance');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(/^20-\w+-2026 \d\d:\d\d [AP]M,Adjustment,.*,500,,500$/);

  // A month without movements is the header alone.
  await card.getByLabel('Month').selectOption({ label: 'October 2026' });
  const [empty] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Download statement' }).click(),
  ]);
  expect(empty.suggestedFilename()).toBe('gama-statement-2026-10.csv');
  expect((await readFile(await empty.path(), 'utf8')).slice(1).trim()).toBe(
    'date,type,details,credit,debit,balance',
  );
});
