import { Operator } from '../support/bidding.ts';
import { expect, openMenu, startSession, test } from '../support/fixtures.ts';
import { marketWithBidders } from '../support/notices.ts';

test('an operator’s notice shows in the bell in English and in Hindi, and opens the screen it links to', async ({
  page,
  api,
  player,
}) => {
  // The notice goes to the bidders of a market of this test's own: this player alone on the shared server.
  const market = await marketWithBidders(api, [player]);
  const owner = await Operator.login(api.baseURL);
  await owner.call('POST', '/admin-api/notices', {
    title: 'Diwali bonus week',
    text: 'Every deposit this week counts double.',
    title_hi: 'दिवाली बोनस सप्ताह',
    text_hi: 'इस सप्ताह हर जमा दोगुना गिना जाएगा।',
    link: '/imp9',
    audience: { kind: 'market_bidders', market_id: market.id },
  });

  await startSession(page, player);
  await page.goto('/imp');
  await expect(page.getByTestId('notification-count')).toHaveText(/^[1-9]/);
  await page.getByTestId('notification-bell').click();
  const list = page.getByTestId('notification-list');
  const offer = list.getByRole('listitem').filter({ hasText: 'Diwali bonus week' });
  await expect(offer).toContainText('Every deposit this week counts double.');
  await expect(offer.getByRole('link', { name: 'See more' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('notice-bell-en.png') });

  const menu = await openMenu(page);
  await menu.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'हिन्दी' }).click();
  await page.keyboard.press('Escape');
  const hindi = list.getByRole('listitem').filter({ hasText: 'दिवाली बोनस सप्ताह' });
  await expect(hindi).toContainText('इस सप्ताह हर जमा दोगुना गिना जाएगा।');
  await page.screenshot({ path: test.info().outputPath('notice-bell-hi.png') });
  await hindi.getByRole('link', { name: 'और देखें' }).click();
  await expect(page).toHaveURL(/\/imp9$/);
});
