import {
  expect,
  expectToast,
  loginViaUi,
  logoutViaMenu,
  openMenu,
  storedUser,
  test,
} from '../support/fixtures.ts';

test('logs in, shows the player, and logout ends the session on the server', async ({
  page,
  context,
  player,
  api,
}) => {
  const loginResponse = page.waitForResponse((response) => response.url().endsWith('/api-user-login'));
  await loginViaUi(page, player);
  await expectToast(page, 'Login Successfully');
  // X-Gama-Web: the token travels only in the HttpOnly cookie, never in a body the page can read.
  const loginBody = (await (await loginResponse).json()) as Record<string, unknown>;
  expect(loginBody).toMatchObject({ status: true, user_name: player.name, mobile: player.mobile });
  expect(loginBody).not.toHaveProperty('unique_token');
  expect(await storedUser(page)).toEqual({ user_name: player.name, mobile: player.mobile });

  const menu = await openMenu(page);
  const expectedName = player.name.length > 10 ? `${player.name.slice(0, 10)}...` : player.name;
  await expect(menu.getByTestId('menu-user-name')).toHaveText(expectedName);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  const sessionCookies = (await context.cookies()).map(({ name, value }) => `${name}=${value}`).join('; ');
  const before = await api.post(
    '/api-user-wallet-balance',
    {},
    { cookie: sessionCookies, 'x-gama-web': '1' },
  );
  expect(before.httpStatus).toBe(200);

  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 401) refused.push(new URL(response.url()).pathname);
  });
  await logoutViaMenu(page);
  expect(await storedUser(page)).toBeNull();
  // What the frame showed is not read again on the way out: the session is gone, so a read would be refused and
  // tell the player their session expired.
  await page.waitForLoadState('networkidle');
  expect(refused).toEqual([]);
  await expect(page.getByText('Session expired. Please log in again.')).toHaveCount(0);

  // The same cookie, replayed after logout, is refused: the server killed the session, not just the browser.
  const after = await api.post('/api-user-wallet-balance', {}, { cookie: sessionCookies, 'x-gama-web': '1' });
  expect(after.httpStatus).toBe(401);
  const fromPage = await page.request.post('/api-user-wallet-balance', {
    headers: { 'x-gama-web': '1' },
    data: { env_type: 'Prod', app_key: 'gama-dev-app-key' },
  });
  expect(fromPage.status()).toBe(401);

  await page.goto('/imp');
  await expect(page).toHaveURL(/\/login$/);
});

test('the root shows the login screen to a visitor and sends a player home, from /login and /r too', async ({
  page,
  player,
}) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download App' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact Admin' })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/\d{12}$/,
  );

  await loginViaUi(page, player);
  await page.goto('/');
  await expect(page).toHaveURL(/\/imp$/);
  // Sign-in and registration are for visitors: a signed-in player who opens them is home again.
  for (const path of ['/login', '/r']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/imp$/);
    await expect(page.getByRole('button', { name: 'LOGIN' })).toHaveCount(0);
  }
});

test('wrong password and unknown numbers are refused with the server message', async ({ page, player }) => {
  await page.goto('/login');
  await page.getByLabel('Phone Number').fill(player.mobile);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expectToast(page, 'Incorrect password');
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Phone Number').fill('6000000000');
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expectToast(page, 'User Not Registered');
});

test('a session that ends on the server sends the player back to login', async ({
  page,
  context,
  player,
}) => {
  await loginViaUi(page, player);
  await context.clearCookies();
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedUser(page)).toBeNull();
});

test('without a stored profile a member screen goes to login', async ({ page, player }) => {
  await loginViaUi(page, player);
  await page.evaluate(() => window.localStorage.removeItem('gama.user'));
  await page.goto('/change');
  await expect(page).toHaveURL(/\/login$/);
});
