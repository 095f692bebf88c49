import type { Request } from '@playwright/test';
import { GamaApi, randomClientIp, randomMobile } from '../support/gama-api.ts';
import { expect, expectFieldError, expectToast, test } from '../support/fixtures.ts';

/** The server's cap on phone lookups per device and hour (decision 013). */
const LOOKUPS_PER_DEVICE_HOUR = 20;

const LOOKUP_PATHS = ['/api-user-login', '/api-check-mobile', '/api-forget-check-mobile'];

function deviceIdOf(request: Request): unknown {
  return (request.postDataJSON() as Record<string, unknown>).device_id;
}

test('the app names its device on every phone lookup, and a device past its cap is made to wait', async ({
  page,
  player,
  baseURL,
}) => {
  const sent: Array<{ path: string; device: unknown }> = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (LOOKUP_PATHS.includes(path)) sent.push({ path, device: deviceIdOf(request) });
  });

  await page.goto('/login');
  await page.getByLabel('Phone Number').fill(player.mobile);
  await page.getByLabel('Password', { exact: true }).fill(`${player.password}-wrong`);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expectToast(page, 'Incorrect password');

  await page.reload();
  await page.goto('/r');
  await page.getByLabel('Username').fill('Device Tester');
  await page.getByLabel('Phone Number').fill(player.mobile);
  await page.getByLabel('Password', { exact: true }).fill(player.password);
  await page.getByLabel('Date of birth').fill('1990-05-04');
  await page.getByRole('button', { name: 'REGISTER' }).click();
  await expectToast(page, 'User Already Registered');

  await page.goto('/forgotpass');
  await page.getByLabel('Phone Number').fill(randomMobile());
  await page.getByRole('button', { name: 'Send Reset Code' }).click();
  await expectFieldError(page, 'Phone Number', 'User Not Registered');

  expect(sent.map((s) => s.path)).toEqual(LOOKUP_PATHS);
  const device = sent[0]?.device;
  expect(device).toMatch(/^[0-9a-f]{32}$/);
  // One name for the browser, kept across reloads and screens.
  expect(sent.every((s) => s.device === device)).toBe(true);
  expect(await page.evaluate(() => window.localStorage.getItem('gama.device'))).toBe(device);

  // The same device from other addresses uses up its own allowance: the browser's next lookup waits.
  if (!baseURL) throw new Error('baseURL is not configured');
  // The three lookups above told something (a wrong password, a taken phone, an unknown phone), so they count.
  for (let i = sent.length; i < LOOKUPS_PER_DEVICE_HOUR; i += 1) {
    const elsewhere = new GamaApi(baseURL, randomClientIp());
    const answer = await elsewhere.post('/api-forget-check-mobile', {
      mobile: randomMobile(),
      device_id: device,
    });
    expect(answer.body.msg).toBe('User Not Registered');
  }
  await page.getByLabel('Phone Number').fill(randomMobile());
  await page.getByRole('button', { name: 'Send Reset Code' }).click();
  await expect(page.getByLabel('Phone Number')).toHaveAccessibleDescription(
    /^Too many attempts\. Please try again in \d+ seconds\.$/,
  );
});
