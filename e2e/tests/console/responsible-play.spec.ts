import { expect, test } from '../../support/fixtures.ts';
import { createOperator, openScreen, shot, signIn } from '../../support/console.ts';

test('the players list flags the self-exclusion; the player page shows the date of birth, limits with what is pending, the self-exclusion and their history, and offers no way to lift it', async ({
  page,
  api,
  baseURL,
}, info) => {
  const player = await api.registerPlayer();
  const login = await api.post('/api-user-login', { mobile: player.mobile, password: player.password });
  const token = String(login.body.unique_token);
  const as = { authorization: `Bearer ${token}` };
  // A stake limit of 500 a day, then a raise to 800 that waits 24 hours; a reality check; a self-exclusion.
  expect(
    (await api.post('/api-play-limits', { kind: 'stake', day: '500', week: '', month: '' }, as)).httpStatus,
  ).toBe(200);
  expect(
    (await api.post('/api-play-limits', { kind: 'stake', day: '800', week: '', month: '' }, as)).httpStatus,
  ).toBe(200);
  expect((await api.post('/api-reality-check-interval', { minutes: '30' }, as)).httpStatus).toBe(200);
  const excluded = await api.post('/api-play-break', { option: '6m' }, as);
  expect(excluded.httpStatus).toBe(200);

  const owner = await createOperator(baseURL ?? '', 'owner');
  await signIn(page, owner);
  await openScreen(page, info, 'Players');
  await page.getByLabel('Phone, name or id').fill(player.mobile);
  await page.getByRole('button', { name: 'Apply' }).click();
  // The list shows the running self-exclusion among the player's flags.
  const listed = page.getByRole('row').filter({ hasText: player.mobile });
  await expect(listed).toContainText(/Self-excluded until \d{2} \w{3} \d{4}/);
  await shot(page, info, 'players-list-break');
  await listed.click();
  await expect(page.getByRole('heading', { name: player.name, level: 1 })).toBeVisible();

  const panel = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Responsible play', level: 2 }) });
  await expect(panel).toContainText('Date of birth');
  await expect(panel).toContainText(/Self-exclusion until \d{2} \w{3} \d{4}/);
  await expect(panel).toContainText('cannot be ended before then');
  await expect(panel).toContainText('Every 30 minutes');
  const limits = panel.getByRole('table', { name: 'Play limits' });
  const stake = limits.getByRole('row', { name: /Stake limit/ });
  await expect(stake).toContainText('500 points');
  await expect(stake).toContainText(/800 points from \d{2} \w{3} \d{4}/);
  await expect(limits.getByRole('row', { name: /Deposit limit/ })).toContainText('No limit');
  const history = panel.getByRole('list', { name: 'Responsible play history' });
  await expect(history.getByRole('listitem')).toHaveCount(4);
  await expect(history.getByRole('listitem').first()).toContainText('Self-exclusion started, until');
  await expect(history).toContainText('Stake limit per day set to 500 points at once');
  await expect(history).toContainText('Stake limit per day: 800 points asked for, from');
  await expect(history).toContainText('Reality check every 30 minutes');
  await panel.scrollIntoViewIfNeeded();
  await shot(page, info, 'player-responsible-play');

  // Nothing on the page lifts it (the server has no route for it, and a trigger refuses it).
  await expect(
    page.getByRole('button', { name: /lift|end (the )?(self-exclusion|time-out|break)/i }),
  ).toHaveCount(0);
});
