import { expectedContactLinks } from '../support/contacts.ts';
import { expect, expectToast, loginViaUi, openMenu, test, toast } from '../support/fixtures.ts';

const bettingMenu = [
  'Home',
  'Profile',
  'Add Funds',
  'Funds',
  'Win History',
  'Bid History',
  'How To Play',
  'Game Rates',
  'Charts',
  'Play limits',
  'Support',
  'Refer friends',
  'Change Password',
  'Privacy Policy',
];

test('betting on: header wallet, full menu, full footer and home actions', async ({ page, api, player }) => {
  // The suite runs with reduced motion (playwright.config.ts); this screen is also seen as most players see it.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await loginViaUi(page, player);
  const links = await expectedContactLinks(api);

  await expect(page.getByRole('link', { name: /Wallet balance/ })).toHaveAttribute('href', '/imp7');
  await expect(page.getByTestId('wallet-amount')).toHaveText(/^\d+(\.\d{2})?$/);

  const menu = await openMenu(page);
  await expect(menu.getByRole('navigation').getByRole('link')).toHaveText(bettingMenu);
  const hrefs = await menu
    .getByRole('navigation')
    .getByRole('link')
    .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
  expect(hrefs).toEqual([
    '/imp',
    '/profile',
    '/imp9',
    '/imp7',
    '/imp3',
    '/imp4',
    '/htp',
    '/gameRates',
    '/charts',
    '/play-limits',
    '/support',
    '/refer',
    '/change',
    '/privacypolicy',
  ]);
  await expect(menu.getByRole('button', { name: 'Log out' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

  const footer = page.getByRole('navigation', { name: 'Quick links' });
  await expect(footer.getByRole('link', { name: 'Bids' })).toHaveAttribute('href', '/imp4');
  await expect(footer.getByRole('link', { name: 'Passbook' })).toHaveAttribute('href', '/transaction');
  await expect(footer.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/imp');
  await expect(footer.getByRole('link', { name: 'Funds' })).toHaveAttribute('href', '/imp9');
  await expect(footer.getByText('Welcome to Gama APP')).toHaveCount(0);

  await footer.getByRole('button', { name: 'Support' }).click();
  const support = page.getByRole('dialog', { name: 'Support' });
  await expect(support.getByRole('link', { name: 'Chat on WhatsApp' })).toHaveAttribute(
    'href',
    links.whatsapp,
  );
  await expect(support.getByRole('link', { name: 'Call us' })).toHaveAttribute('href', links.call);
  await expect(support.getByRole('link', { name: /Telegram/ })).toHaveCount(0);
  await expect(support.getByRole('link', { name: 'Write to support' })).toHaveAttribute('href', '/support');
  await page.keyboard.press('Escape');
  await expect(support).toBeHidden();

  await expect(page.getByRole('link', { name: 'Add Money' })).toHaveAttribute('href', '/imp9');
  await expect(page.getByRole('link', { name: 'Withdrawal' })).toHaveAttribute('href', '/withdraw');
  await expect(page.getByRole('link', { name: /Contact us/ })).toHaveAttribute('href', links.whatsapp);
  await expect(
    page.getByRole('region', { name: 'StarLine Game' }).getByRole('link', { name: 'PLAY NOW' }),
  ).toHaveAttribute('href', '/star');
  await expect(
    page.getByRole('region', { name: 'KING GALI' }).getByRole('link', { name: 'PLAY NOW' }),
  ).toHaveAttribute('href', '/gali');

  const headline = await api.post('/api-get-headline', { ids: [1] });
  const notes = (headline.body.data as Array<{ id: number; status: string; notes: string }>).find(
    (line) => line.id === 1 && line.status === '1',
  )?.notes;
  if (notes) {
    const marquee = page.getByRole('marquee');
    await expect(marquee).toHaveText(notes);
    // The headline scrolls; a player who asks for less motion gets it still, wrapped on the bar.
    const animations = () =>
      marquee
        .getByText(notes)
        .evaluate((text) => text.getAnimations().map((animation) => animation.playState));
    expect(await animations()).toEqual(['running']);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    // The layout change itself runs as 0.01 ms transitions (base.css shortens every transition to that under
    // reduced motion, and transition-property defaults to all): polled, so it is over by the next frame.
    await expect.poll(animations).toEqual([]);
  }
  const slider = await api.post('/api-get-slider-images');
  const slides = slider.body.sliderdata as Array<{ title: string }>;
  for (const slide of slides) await expect(page.getByRole('img', { name: slide.title })).toBeAttached();
});

test('betting on: menu entries open their screens; an unknown path is the not-found page', async ({
  page,
  player,
}) => {
  await loginViaUi(page, player);
  const menu = await openMenu(page);
  await menu.getByRole('link', { name: 'Win History' }).click();
  await expect(page).toHaveURL(/\/imp3$/);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
  await page.goto('/no-such-screen');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL(/\/imp$/);
});

test('a toast never covers the header or its wallet chip', async ({ page, player }) => {
  await loginViaUi(page, player);
  const message = toast(page).filter({ hasText: 'Login Successfully' });
  const walletChip = page.getByTestId('wallet-amount');
  // The chip appears when the balance answers, which on a loaded machine can come after the toast: wait for both
  // before measuring, and measure the toast first since it is the one that goes away.
  await expect(walletChip).toBeVisible();
  await expect(message).toBeVisible();
  // Measured where it comes to rest: mid-way through its entrance it still slides down from the top.
  await message.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  const box = await message.boundingBox();
  const header = await page.locator('header').first().boundingBox();
  const chip = await walletChip.boundingBox();
  if (!header || !chip || !box) throw new Error('header, wallet chip and toast must all be on screen');
  expect(box.y, 'the toast starts below the header').toBeGreaterThanOrEqual(header.y + header.height);
  expect(box.y).toBeGreaterThan(chip.y + chip.height);
});

test('a popup whose code the network lost says so and opens at the next tap, the page left as it was', async ({
  page,
  player,
}) => {
  // The service worker would serve the chunk from its cache: this is a first visit on a bad connection.
  await page.context().route('**/sw.js', (route) => route.abort());
  let lose = true;
  await page.route(/\/assets\/SupportDialog-[^/]+\.js$/, (route) =>
    lose ? route.abort() : route.continue(),
  );
  await loginViaUi(page, player);
  const footer = page.getByRole('navigation', { name: 'Quick links' });
  await footer.getByRole('button', { name: 'Support' }).click();
  await expectToast(page, 'No internet connection. Please check your network and try again.');
  await expect(page.getByRole('dialog', { name: 'Support' })).toHaveCount(0);
  // Home is still there, not the error screen.
  await expect(page.getByTestId('wallet-amount')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Markets' })).toBeVisible();

  lose = false;
  await footer.getByRole('button', { name: 'Support' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Support' }).getByRole('link', { name: 'Chat on WhatsApp' }),
  ).toBeVisible();
});
