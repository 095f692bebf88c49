import { expectedContactLinks } from '../support/contacts.ts';
import { expect, loginViaUi, openMenu, test } from '../support/fixtures.ts';

test('betting off: no wallet, the short menu, the simple footer with Telegram', async ({
  page,
  api,
  player,
}) => {
  await loginViaUi(page, player);
  const links = await expectedContactLinks(api);

  const footer = page.getByRole('navigation', { name: 'Quick links' });
  await expect(footer.getByText('Welcome to Gama APP')).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/imp');
  await expect(footer.getByRole('link', { name: 'Bids' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Wallet balance/ })).toHaveCount(0);

  const menu = await openMenu(page);
  await expect(menu.getByRole('navigation').getByRole('link')).toHaveText([
    'Home',
    'Charts',
    'Play limits',
    'Support',
    'Refer friends',
    'Change Password',
    'Privacy Policy',
  ]);
  await expect(menu.getByRole('button', { name: 'Log out' })).toBeVisible();
  await page.keyboard.press('Escape');

  await footer.getByRole('button', { name: 'Support' }).click();
  const support = page.getByRole('dialog', { name: 'Support' });
  await expect(support.getByRole('link', { name: 'Chat on WhatsApp' })).toHaveAttribute(
    'href',
    links.whatsapp,
  );
  await expect(support.getByRole('link', { name: 'Message on Telegram' })).toHaveAttribute(
    'href',
    links.telegram,
  );
  await expect(support.getByRole('link', { name: 'Call us' })).toHaveAttribute('href', links.call);
  await page.keyboard.press('Escape');

  await expect(page.getByRole('link', { name: 'Add Money' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Withdrawal' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'PLAY NOW' })).toHaveCount(0);

  // Profile belongs to betting accounts only.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/imp$/);
});
