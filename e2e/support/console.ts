/**
 * The operator console's tests: operators made through the owner's API (preconditions only), sign-in through
 * the console, the server's clock for two-factor codes, and screenshots at each project's size.
 */
import { expect, type Download, type Page, type TestInfo } from '@playwright/test';
import { generate } from 'otplib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Operator } from './bidding.ts';
import { savePayoutNumber } from './funds.ts';
import type { GamaApi, Player } from './gama-api.ts';
import { test } from './fixtures.ts';
import { E2E_ADMIN } from './server-env.ts';
import { settled } from './settled.ts';
import { deskSize, phoneSize } from './sizes.ts';

export type Role = 'owner' | 'results' | 'cashier' | 'support' | 'viewer';

export interface OperatorAccount {
  id: number;
  username: string;
  password: string;
  role: Role;
}

/** A new operator with this role, created by the seeded owner over the API. */
export async function createOperator(baseURL: string, role: Role): Promise<OperatorAccount> {
  const owner = await Operator.login(baseURL);
  const username = `e2e-${role}-${Math.random().toString(36).slice(2, 8)}`;
  const password = `Console-pass-${Math.random().toString(36).slice(2, 8)}`;
  const { operator } = await owner.call<{ operator: { id: number } }>('POST', '/admin-api/operators', {
    username,
    password,
    role,
  });
  return { id: operator.id, username, password, role };
}

/** Signs in through the console's form (no two-factor) and waits for the desk. */
export async function signInWithForm(
  page: Page,
  account: Pick<OperatorAccount, 'username' | 'password'>,
): Promise<void> {
  await page.goto('/admin/sign-in');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await waitForDesk(page);
}

/**
 * Signs in (no two-factor) and opens the desk, for tests whose subject comes after sign-in (the form is
 * `signInWithForm`, tested in sign-in.spec.ts): the console's own sign-in call made from this page's context, so
 * the session cookie lands where the console keeps it, then the console's address, as an operator who is
 * signed in opens it. The sign-in screen was a page load of its own in every console test.
 */
export async function signIn(
  page: Page,
  account: Pick<OperatorAccount, 'username' | 'password'>,
): Promise<void> {
  const response = await page.request.post('/admin-api/login', {
    headers: { 'X-Gama-Web': '1' },
    data: { username: account.username, password: account.password },
  });
  if (!response.ok()) throw new Error(`operator sign-in failed: ${await response.text()}`);
  await page.goto('/admin/');
  await waitForDesk(page);
}

async function waitForDesk(page: Page): Promise<void> {
  await expect(signOutButton(page)).toBeVisible();
  // The desk sends a signed-in operator on to the first screen of the role.
  await expect(page).not.toHaveURL(/\/admin\/(sign-in)?$/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
}

/** The top bar's sign-out button. */
export function signOutButton(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: 'Sign out' });
}

/**
 * The server's clock runs from CLOCK_START, not the real time, and two-factor codes are checked against it:
 * a player's wallet answer carries it.
 */
export async function serverClockOffsetMs(api: GamaApi): Promise<number> {
  const player = await api.registerPlayer();
  const login = await api.post('/api-user-login', { mobile: player.mobile, password: player.password });
  const token = login.body.unique_token;
  if (typeof token !== 'string') throw new Error(`player login failed: ${JSON.stringify(login.body)}`);
  const before = Date.now();
  const wallet = await api.post('/api-user-wallet-balance', { unique_token: token });
  const serverTime = Date.parse(String(wallet.body.server_time));
  if (Number.isNaN(serverTime)) throw new Error(`no server_time: ${JSON.stringify(wallet.body)}`);
  return serverTime - (before + Date.now()) / 2;
}

/** The code an authenticator app shows for `secret` at the server's now, `steps` 30-second steps ahead. */
export function totpCode(secret: string, offsetMs: number, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor((Date.now() + offsetMs) / 1000) + steps * 30 });
}

/** The tags `atBothSizes` gives a test at each size (not `@phone`: the console-phone project greps for that). */
const DESK_SIZE = '@size-desk';
const PHONE_SIZE = '@size-phone';

const shotsDir = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'test-results',
  'console-shots',
);

/** A downloaded file's text (a CSV export). */
export async function csvOf(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A screenshot for a visual check, one folder per project (desktop and phone), taken when E2E_SHOTS=1: the
 * suite's own run asserts what it needs and hands no picture back, and 74 full-page captures cost it CPU.
 */
export async function shot(page: Page, info: TestInfo, name: string): Promise<void> {
  if (process.env.E2E_SHOTS !== '1') return;
  await settled(page);
  const folder = info.tags.includes(PHONE_SIZE) ? `${info.project.name}-phone` : info.project.name;
  await page.screenshot({ path: path.join(shotsDir, folder, `${name}.png`), fullPage: true });
}

export const isPhone = (info: TestInfo) =>
  info.project.name.endsWith('-phone') || info.tags.includes(PHONE_SIZE);

/**
 * Defines the tests of `body` twice, at the desk's size and then at the phone's, inside one project. The specs
 * that move a server's clock run one test at a time on their own server; one project per chain, at both sizes,
 * runs beside the rest of the suite, where a desktop project followed by a dependent phone project waited for
 * every other project to finish and then ran alone on one core.
 */
export function atBothSizes(body: () => void): void {
  for (const [title, tag, size] of [
    ['desk', DESK_SIZE, deskSize],
    ['phone', PHONE_SIZE, phoneSize],
  ] as const) {
    test.describe(title, { tag }, () => {
      test.use({ ...size });
      body();
    });
  }
}

/**
 * Marks a console test that runs at the phone's size too (the console-phone project runs only these): what the
 * design makes usable on a phone (the queues, the results desk, the navigation behind its button) and every
 * screen's accessibility, where the phone's cards and drawer are other markup. Everything else the phone shows
 * is the desk's screen, narrower; it runs at the desk's size only.
 */
export const PHONE = { tag: '@phone' };

/** On a phone the navigation sits behind the menu button. */
export async function openScreen(page: Page, info: TestInfo, label: string): Promise<void> {
  if (isPhone(info)) await page.getByRole('button', { name: 'Open navigation' }).click();
  await page
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link', { name: label, exact: true })
    .click();
}

/** A player's legacy session token, for preconditions made the way the app makes them. */
async function playerToken(api: GamaApi, player: Player): Promise<string> {
  const login = await api.post('/api-user-login', { mobile: player.mobile, password: player.password });
  const token = login.body.unique_token;
  if (typeof token !== 'string') throw new Error(`player login failed: ${JSON.stringify(login.body)}`);
  return token;
}

/** A pending deposit request of `points` with a fresh 12-digit UTR, as the app sends them after paying. */
export async function depositWithUtr(
  api: GamaApi,
  player: Player,
  points: number,
): Promise<{ id: number; utr: string }> {
  const unique_token = await playerToken(api, player);
  const added = await api.post(
    '/api-fund-request-add',
    { unique_token, request_amount: String(points) },
    { 'idempotency-key': `e2e-${Math.random().toString(36).slice(2)}` },
  );
  const id = added.body.request_id;
  if (typeof id !== 'number') throw new Error(`deposit request failed: ${JSON.stringify(added.body)}`);
  const utr = String(100_000_000_000 + Math.floor(Math.random() * 899_999_999_999));
  const sent = await api.post('/api-fund-request-utr', { unique_token, request_id: id, utr });
  if (sent.httpStatus !== 200) throw new Error(`UTR failed: ${JSON.stringify(sent.body)}`);
  return { id, utr };
}

/** A withdrawal request of `points` to a verified Google Pay number (the player is funded first). */
export async function withdrawalRequest(api: GamaApi, player: Player, points: number): Promise<string> {
  const owner = await Operator.login(api.baseURL);
  await owner.fund(player.mobile, points);
  const number = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  await savePayoutNumber(api, player, '2', number);
  const unique_token = await playerToken(api, player);
  const asked = await api.post(
    '/api-user-withdraw-fund-request',
    { unique_token, request_amount: String(points), payment_method: '2' },
    { 'idempotency-key': `e2e-${Math.random().toString(36).slice(2)}` },
  );
  if (asked.httpStatus !== 200) throw new Error(`withdrawal failed: ${JSON.stringify(asked.body)}`);
  return number;
}

/** 98xxxxxx10, as confirmations name a player. */
export const masked = (mobile: string) =>
  `${mobile.slice(0, 2)}${'x'.repeat(mobile.length - 4)}${mobile.slice(-2)}`;

/** Changes owner settings over the API as the seeded owner (a precondition, like a market). */
export async function ownerSettings(baseURL: string, patch: Record<string, unknown>): Promise<void> {
  const login = await fetch(new URL('/admin-api/login', baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(E2E_ADMIN),
  });
  const { token } = (await login.json()) as { token?: string };
  if (!token) throw new Error('owner login failed');
  const response = await fetch(new URL('/admin-api/settings', baseURL), {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(patch),
  });
  if (!response.ok) throw new Error(`settings answered ${response.status}: ${await response.text()}`);
}
