/**
 * Screenshots of every screen at 390x844 for a visual check. Needs a running app (the API serving the built
 * app, or the Vite dev server in front of the API):
 *   SHOTS_BASE_URL=http://127.0.0.1:5173 npx tsx e2e/scripts/screenshots.ts
 * SHOTS_SET=off shoots the betting-off account views (point it at a server with DEFAULT_BETTING_STATUS=0).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { GamaApi, newPlayer } from '../support/gama-api.ts';

const baseURL = process.env.SHOTS_BASE_URL ?? 'http://127.0.0.1:3000';
const set = process.env.SHOTS_SET === 'off' ? 'off' : 'on';
const outDir =
  process.env.SHOTS_OUT ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
});
const api = new GamaApi(baseURL);
const context = await browser.newContext({
  baseURL,
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  extraHTTPHeaders: { 'X-Forwarded-For': api.clientIp },
});
const page = await context.newPage();

async function shot(name: string, target: Page = page) {
  await target.waitForLoadState('networkidle');
  await target.waitForTimeout(400);
  const file = path.join(outDir, `${set}-${name}.png`);
  await target.screenshot({ path: file });
  console.log(file);
}

const memberScreens = [
  '/game',
  '/gameRates',
  '/charts',
  '/imp2',
  '/imp3',
  '/imp4',
  '/imp5',
  '/imp6',
  '/imp7',
  '/imp9',
  '/star',
  '/gali',
  '/transaction',
  '/histories',
  '/addfundhistory',
  '/withdraw',
  '/withdrawhistory',
  '/transfer',
  '/refer',
  '/support',
  '/notifications',
  '/play-limits',
];

async function login(mobile: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Phone Number').fill(mobile);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await page.waitForURL('**/imp');
}

try {
  if (set === 'on') {
    await page.goto('/');
    await shot('landing-login');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await shot('landing-menu');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Download App' }).click();
    await shot('landing-download-help');
    await page.keyboard.press('Escape');
    await page.goto('/login');
    await shot('login');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await shot('login-validation');
    await page.goto('/r');
    await shot('register');
    await page.goto('/forgotpass');
    await shot('forgot');
    await page.getByLabel('Phone Number').fill('9000000001');
    await page.getByRole('button', { name: 'Send Reset Code' }).click();
    await page.getByRole('alert').first().waitFor();
    await shot('forgot-not-registered');
    await page.goto('/otpregister');
    await shot('otp-invalid-navigation');
    await page.goto('/htp');
    await shot('htp-visitor');
    await page.goto('/privacypolicy');
    await shot('privacy-visitor');
    await page.goto('/imp3');
    await shot('not-found');

    const draft = newPlayer();
    await page.goto('/r');
    await page.getByLabel('Username').fill(draft.name);
    await page.getByLabel('Phone Number').fill(draft.mobile);
    await page.getByLabel('Date of birth').fill(draft.dob);
    await page.getByLabel('Password', { exact: true }).fill(draft.password);
    await page.getByRole('button', { name: 'REGISTER' }).click();
    await page.waitForURL('**/otpregister');
    await shot('otp-register');
    const code = await api.latestCode(draft.mobile, 'registration');
    await page.getByLabel('OTP').fill(code);
    await page.getByRole('button', { name: /Verify/ }).click();
    await page.waitForURL('**/imp');
    await shot('home-toast');
    await page.waitForTimeout(3200);
    await shot('home');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await shot('menu');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Support' }).click();
    await shot('support');
    await page.keyboard.press('Escape');
    await page.goto('/profile');
    await page.getByTestId('profile-name').waitFor();
    await shot('profile');
    await page.goto('/change');
    await shot('change-password');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await shot('change-password-validation');
    await page.goto('/htp');
    await shot('htp-member');
    await page.goto('/privacypolicy');
    await shot('privacy-member');
    // Every other screen a signed-in player reaches, by its address (the spec's names where it gives them).
    for (const route of memberScreens) {
      await page.goto(route);
      await shot(`member${route.replaceAll('/', '-')}`);
    }

    // Reset flow screens.
    await page.goto('/imp');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    await page.goto('/forgotpass');
    await page.getByLabel('Phone Number').fill(draft.mobile);
    await page.getByRole('button', { name: 'Send Reset Code' }).click();
    await page.waitForURL('**/otpforgotpass');
    await shot('otp-forgot');
    const resetCode = await api.latestCode(draft.mobile, 'password reset');
    await page.getByLabel('OTP').fill(resetCode);
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await page.waitForURL('**/change-password');
    await shot('reset-password');
    await page.getByLabel('New Password', { exact: true }).fill('another-Pass-1');
    await page.getByLabel('Confirm Password', { exact: true }).fill('different-Pass-1');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await shot('reset-password-mismatch');
  } else {
    const player = await api.registerPlayer();
    await login(player.mobile, player.password);
    await page.waitForTimeout(3200);
    await shot('home');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await shot('menu');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Support' }).click();
    await shot('support');
  }
} finally {
  await browser.close();
}
