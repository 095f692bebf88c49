/**
 * Operator-side setup for the bidding tests: funding a player, creating a market, declaring results.
 * These are preconditions only; what a test checks goes through the browser.
 */
import { expect, type Page } from '@playwright/test';
import { startSession } from './fixtures.ts';
import { APP_KEY, type GamaApi, type Player } from './gama-api.ts';
import { E2E_ADMIN } from './server-env.ts';

export class Operator {
  private constructor(
    readonly baseURL: string,
    private readonly token: string,
  ) {}

  static async login(
    baseURL: string,
    credentials: { username: string; password: string } = E2E_ADMIN,
  ): Promise<Operator> {
    const response = await fetch(new URL('/admin-api/login', baseURL), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
    });
    const body = (await response.json()) as { token?: string };
    if (!response.ok || !body.token) throw new Error(`operator login failed: ${JSON.stringify(body)}`);
    return new Operator(baseURL, body.token);
  }

  async call<T = Record<string, unknown>>(
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    body?: object,
  ): Promise<T> {
    const response = await fetch(new URL(path, this.baseURL), {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const parsed = (await response.json()) as T;
    if (!response.ok)
      throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(parsed)}`);
    return parsed;
  }

  async playerId(mobile: string): Promise<number> {
    const { rows } = await this.call<{ rows: Array<{ id: number; mobile: string }> }>(
      'GET',
      `/admin-api/players?q=${mobile}`,
    );
    const found = rows.find((p) => p.mobile === mobile);
    if (!found) throw new Error(`no player with mobile ${mobile}`);
    return found.id;
  }

  async fund(mobile: string, points: number): Promise<void> {
    const id = await this.playerId(mobile);
    await this.call('POST', `/admin-api/players/${id}/adjust`, { points, reason: 'e2e bidding funds' });
  }

  async createMainMarket(name: string, openTime: string, closeTime: string): Promise<number> {
    const { market_id } = await this.call<{ market_id: number }>('POST', '/admin-api/markets', {
      group: 'main',
      name,
      open_time: openTime,
      close_time: closeTime,
    });
    return market_id;
  }

  async revert(marketId: number, date: string, half: 'open' | 'close'): Promise<void> {
    await this.call('POST', '/admin-api/results/revert', {
      market_id: marketId,
      date,
      half,
      reason: 'Corrected in an end-to-end test',
    });
  }

  async declare(marketId: number, date: string, half: 'open' | 'close', value: string): Promise<void> {
    await this.call('POST', '/admin-api/results/declare', { market_id: marketId, date, half, value });
  }
}

/** The profile as the app reads it (wallet, markets, server clock), with the player's session cookie. */
export async function readProfile(page: Page): Promise<{
  wallet_amt: string;
  server_time: string;
  result: Array<{ game_id: number; game_name: string; open_time: string; msg_status: number }>;
}> {
  return page.evaluate(async (appKey) => {
    const response = await fetch('/api-user-wallet-balance', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-gama-web': '1' },
      body: JSON.stringify({ env_type: 'Prod', app_key: appKey }),
    });
    return (await response.json()) as {
      wallet_amt: string;
      server_time: string;
      result: Array<{ game_id: number; game_name: string; open_time: string; msg_status: number }>;
    };
  }, APP_KEY);
}

/** A registered player with `points` in the wallet, signed in (`startSession`) and on /imp. */
export async function fundedPlayerOnHome(
  page: Page,
  api: GamaApi,
  player: Player,
  points: number,
): Promise<Operator> {
  const operator = await Operator.login(api.baseURL);
  if (points > 0) await operator.fund(player.mobile, points);
  await startSession(page, player);
  await page.goto('/imp');
  await expect(page.getByTestId('wallet-amount')).toHaveText(String(points));
  return operator;
}

/** From home: Play on a market, then a tile of the game menu. */
export async function openBidScreen(page: Page, market: string, tile: string): Promise<void> {
  const card = page
    .getByTestId('market-card')
    .filter({ has: page.getByRole('heading', { name: market, exact: true }) });
  await card.getByRole('button', { name: `Play ${market}` }).click();
  await expect(page).toHaveURL(/\/game$/);
  await page.getByRole('button', { name: tile, exact: true }).click();
}

/** What the slip will leave in the wallet ("After this slip: 80 pts"), shown while the slip holds bids. */
export function bidBalance(page: Page) {
  return page.getByTestId('bid-balance');
}
