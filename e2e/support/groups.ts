/**
 * Setup for the Starline, Gali and chart tests: operator calls (fund a player, declare a result) and the
 * steps from a group's market list to its bid screen. Preconditions only; what a test checks goes through
 * the browser.
 */
import { resultMessages } from '@gama/core/endpoints/results/index';
import { expect, type Page } from '@playwright/test';
import { startSession } from './fixtures.ts';
import type { GamaApi, Player } from './gama-api.ts';
import { E2E_ADMIN } from './server-env.ts';

async function operatorCall<T>(
  baseURL: string,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  body?: object,
) {
  const response = await fetch(new URL(path, baseURL), {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { ok: response.ok, body: (await response.json()) as T };
}

async function operatorToken(baseURL: string): Promise<string> {
  const response = await fetch(new URL('/admin-api/login', baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(E2E_ADMIN),
  });
  const body = (await response.json()) as { token?: string };
  if (!response.ok || !body.token) throw new Error(`operator login failed: ${JSON.stringify(body)}`);
  return body.token;
}

/** Credits `points` to the player through the operator API (find by mobile, then adjust). */
export async function fundPlayer(api: GamaApi, mobile: string, points: number): Promise<void> {
  const token = await operatorToken(api.baseURL);
  const found = await operatorCall<{ rows: Array<{ id: number; mobile: string }> }>(
    api.baseURL,
    token,
    'GET',
    `/admin-api/players?q=${mobile}`,
  );
  const id = found.body.rows.find((p) => p.mobile === mobile)?.id;
  if (id === undefined) throw new Error(`no player with mobile ${mobile}`);
  const adjusted = await operatorCall(api.baseURL, token, 'POST', `/admin-api/players/${id}/adjust`, {
    points,
    reason: 'e2e starline and gali funds',
  });
  if (!adjusted.ok) throw new Error(`adjust failed: ${JSON.stringify(adjusted.body)}`);
}

/** A registered player with `points` in the wallet, signed in (`startSession`) and on /imp. */
export async function fundedLogin(page: Page, api: GamaApi, player: Player, points: number): Promise<void> {
  await fundPlayer(api, player.mobile, points);
  await startSession(page, player);
  await page.goto('/imp');
  await expect(page.getByTestId('wallet-amount')).toHaveText(String(points));
}

export interface Declaration {
  market_id: number;
  date: string;
  half?: 'open' | 'close';
  value: string;
}

/**
 * Declares a result and returns the value now in force. The servers live for the whole run and results are
 * once per market day, so another test may have declared this half first: then its value is the truth.
 */
export async function declareResult(api: GamaApi, declaration: Declaration): Promise<string> {
  const token = await operatorToken(api.baseURL);
  const declared = await operatorCall<{ msg?: string }>(
    api.baseURL,
    token,
    'POST',
    '/admin-api/results/declare',
    declaration,
  );
  if (declared.ok) return declaration.value;
  if (declared.body.msg !== resultMessages.alreadyDeclared) {
    throw new Error(`declare failed: ${JSON.stringify(declared.body)}`);
  }
  const existing = await operatorCall<{
    results: Array<{ half: string; value: string; reverted_at: string | null }>;
  }>(
    api.baseURL,
    token,
    'GET',
    `/admin-api/results?market_id=${declaration.market_id}&date=${declaration.date}`,
  );
  const half = declaration.half ?? 'single';
  const live = existing.body.results.find((r) => r.half === half && r.reverted_at === null);
  if (!live) throw new Error(`no live ${half} result after a refused declaration`);
  return live.value;
}

/** The market id of a list row, read from the same public list the app polls. */
export async function marketId(api: GamaApi, listPath: string, name: string): Promise<number> {
  const list = await api.post(listPath);
  const rows = list.body.result as Array<{ game_id: number; game_name: string }>;
  const row = rows.find((r) => r.game_name === name);
  if (!row) throw new Error(`no market ${name} on ${listPath}`);
  return row.game_id;
}

/** A market card of the Starline or Gali list, found by its heading. */
export function marketCard(page: Page, name: string) {
  return page.getByRole('region', { name, exact: true });
}

/** Fills one bid row, adds it, submits and confirms; waits for the spec's success toast. */
export async function placeOneBid(
  page: Page,
  field: 'Digit' | 'Pana',
  value: string,
  points: number,
): Promise<void> {
  await page.getByLabel(field, { exact: true }).fill(value);
  await page.getByLabel('Points', { exact: true }).fill(String(points));
  await page.getByRole('button', { name: 'Proceed' }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  const confirm = page.getByRole('dialog');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'Bid placed successfully!' }),
  ).toBeVisible();
}
