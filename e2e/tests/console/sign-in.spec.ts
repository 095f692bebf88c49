import { loginMessages } from '@gama/core/endpoints/operators/index';
import { expect, test } from '../../support/fixtures.ts';
import {
  createOperator,
  isPhone,
  openScreen,
  PHONE,
  serverClockOffsetMs,
  shot,
  signInWithForm,
  signOutButton,
  totpCode,
} from '../../support/console.ts';

test(
  'an owner signs in, sees every screen in the navigation, and signs out',
  PHONE,
  async ({ page, baseURL }, info) => {
    const owner = await createOperator(baseURL ?? '', 'owner');
    await page.goto('/admin/');
    await expect(page).toHaveURL(/\/admin\/sign-in$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await shot(page, info, 'sign-in');

    await signInWithForm(page, owner);
    await expect(page.getByText(owner.username, { exact: true })).toBeVisible();
    await expect(page.getByRole('banner').getByText('Owner', { exact: true })).toBeVisible();
    if (isPhone(info)) await page.getByRole('button', { name: 'Open navigation' }).click();
    const nav = page.getByRole('navigation', { name: 'Console' });
    for (const label of [
      'Operators',
      'Content & settings',
      'Settings',
      'Audit log',
      'My sessions',
      'Two-factor',
    ]) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await shot(page, info, 'desk-owner-navigation');
    if (isPhone(info)) await page.keyboard.press('Escape');

    await signOutButton(page).click();
    await expect(page).toHaveURL(/\/admin\/sign-in$/);
    // The session is gone on the server: a page of the desk sends the browser back to sign-in.
    await page.goto('/admin/operators');
    await expect(page).toHaveURL(/\/admin\/sign-in$/);
  },
);

test(
  'a wrong password is refused in the server words; a viewer sees only what the role allows',
  PHONE,
  async ({ page, baseURL }, info) => {
    const viewer = await createOperator(baseURL ?? '', 'viewer');
    await page.goto('/admin/sign-in');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByLabel('Username')).toHaveAccessibleDescription('Enter your username');
    await page.getByLabel('Username').fill(viewer.username);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText(loginMessages.invalid);
    await shot(page, info, 'sign-in-refused');

    await signInWithForm(page, viewer);
    await expect(page.getByRole('banner').getByText('Viewer', { exact: true })).toBeVisible();
    if (isPhone(info)) await page.getByRole('button', { name: 'Open navigation' }).click();
    const nav = page.getByRole('navigation', { name: 'Console' });
    await expect(nav.getByRole('link', { name: 'Audit log' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Operators' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: /settings/i })).toHaveCount(0);
    if (isPhone(info)) await page.keyboard.press('Escape');

    // A screen the role cannot use, opened by its address, shows the server's refusal.
    await page.goto('/admin/operators');
    await expect(page.getByRole('alert')).toContainText('You do not have permission to manage operators');
  },
);

test('two-factor: enrol with the QR code and save the recovery codes, then sign in with a code from the app or a recovery code once', async ({
  page,
  baseURL,
  api,
}, info) => {
  const offset = await serverClockOffsetMs(api);
  const cashier = await createOperator(baseURL ?? '', 'cashier');
  await signInWithForm(page, cashier);
  await openScreen(page, info, 'Two-factor');
  await expect(page.getByRole('heading', { name: 'Two-factor', level: 1 })).toBeVisible();
  await expect(page.getByText('Off', { exact: true })).toBeVisible();
  // The session alone is not enough: the password is asked again, and a wrong one starts nothing.
  await page.getByRole('button', { name: 'Set up two-factor' }).click();
  await expect(page.getByText('Enter your password')).toBeVisible();
  await page.getByLabel('Your password', { exact: true }).fill('not-my-password');
  await page.getByRole('button', { name: 'Set up two-factor' }).click();
  await expect(page.getByText('Your password is incorrect')).toBeVisible();
  await expect(page.getByTestId('totp-secret')).toHaveCount(0);
  await page.getByLabel('Your password', { exact: true }).fill(cashier.password);
  await page.getByRole('button', { name: 'Set up two-factor' }).click();

  const qr = page.getByRole('img', { name: 'QR code to add Gama to an authenticator app' });
  await expect(qr).toBeVisible();
  // The QR code is an image drawn by this server, not fetched from anywhere else.
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await shot(page, info, 'two-factor-enrol');

  await page.getByLabel('Code from the app').fill('000000');
  await page.getByRole('button', { name: 'Turn on two-factor' }).click();
  await expect(page.getByLabel('Code from the app')).toHaveAccessibleDescription(/incorrect/);
  await page.getByLabel('Code from the app').fill(await totpCode(secret, offset));
  await page.getByRole('button', { name: 'Turn on two-factor' }).click();
  // One-time recovery codes, shown this once, for a lost phone.
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.first().innerText()).trim();
  expect(recovery).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
  await shot(page, info, 'two-factor-recovery-codes');
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('Two-factor is on. You will need a code at every sign-in.')).toBeVisible();
  await expect(page.getByText('On', { exact: true })).toBeVisible();
  await shot(page, info, 'two-factor-on');

  await signOutButton(page).click();
  await page.getByLabel('Username').fill(cashier.username);
  await page.getByLabel('Password', { exact: true }).fill(cashier.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor code' })).toBeVisible();
  await shot(page, info, 'sign-in-code');
  // The code used to enrol cannot be used again; the next step's code is accepted.
  await page.getByLabel('Authenticator code').fill(await totpCode(secret, offset, 1));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(signOutButton(page)).toBeVisible();
  await expect(page).not.toHaveURL(/sign-in/);

  // A lost phone: a recovery code signs in once, and only once.
  const withRecoveryCode = async () => {
    await page.getByLabel('Username').fill(cashier.username);
    await page.getByLabel('Password', { exact: true }).fill(cashier.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Lost your phone? Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recovery);
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
  };
  await signOutButton(page).click();
  await withRecoveryCode();
  await expect(signOutButton(page)).toBeVisible();
  await signOutButton(page).click();
  await withRecoveryCode();
  await expect(page.getByLabel('Recovery code')).toHaveAccessibleDescription(/already been used/);
  await shot(page, info, 'sign-in-recovery-used');
});

test('a console left untouched for 30 minutes signs itself out and says why, in the server words', async ({
  page,
  baseURL,
}, info) => {
  const owner = await createOperator(baseURL ?? '', 'owner');
  // The queues' polls keep the server session alive; only the operator's own activity counts in the browser.
  await page.clock.install();
  await signInWithForm(page, owner);
  await page.clock.fastForward('29:00');
  await expect(signOutButton(page)).toBeVisible();
  await page.clock.fastForward('01:20');
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
  await expect(page.getByRole('status').filter({ hasText: loginMessages.idle })).toBeVisible();
  await shot(page, info, 'idle-timer-signed-out');
});
