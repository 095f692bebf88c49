/**
 * A day of business for the dashboard and report tests, made through the real HTTP routes a player and an
 * operator use: a market of the test's own, players with money, bids, a declared result, deposits and a
 * transfer. Preconditions only; what a test checks goes through the console.
 */
import { formatClockTime, parseClockTime, zonedParts } from '@gama/core/rules/time';
import { advanceServerClock, secondsUntilMinute } from './clock.ts';
import { Operator } from './bidding.ts';
import { APP_KEY, newPlayer, type GamaApi, type Player } from './gama-api.ts';
import { E2E_TODAY } from './server-env.ts';

const ZONE = 'Asia/Kolkata';

export interface SignedInPlayer extends Player {
  id: number;
  token: string;
}

export interface BidLine {
  digits: string;
  points: number;
  session: 'open' | 'close';
}

export interface Market {
  id: number;
  name: string;
  /** The open draw's time, `HH:MM AM`. */
  openTime: string;
}

async function playerCall(
  api: GamaApi,
  path: string,
  token: string,
  body: object,
  idempotencyKey?: string,
): Promise<Record<string, unknown>> {
  const response = await fetch(new URL(path, api.baseURL), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': api.clientIp,
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    body: JSON.stringify({ env_type: 'Prod', app_key: APP_KEY, unique_token: token, ...body }),
  });
  const parsed = (await response.json()) as Record<string, unknown>;
  if (!response.ok || parsed.status === false)
    throw new Error(`${path} answered ${response.status}: ${JSON.stringify(parsed)}`);
  return parsed;
}

const key = () => `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** The day's business as one operator and its players see it. */
export class Business {
  private constructor(
    readonly api: GamaApi,
    readonly operator: Operator,
  ) {}

  static async start(api: GamaApi): Promise<Business> {
    return new Business(api, await Operator.login(api.baseURL));
  }

  /** A registered player with `points` in the wallet and a session for the API. */
  async player(points: number, name?: string): Promise<SignedInPlayer> {
    const player = await this.api.registerPlayer(name ? { ...newPlayer(), name } : {});
    if (points > 0) await this.operator.fund(player.mobile, points);
    const login = await this.api.post('/api-user-login', {
      mobile: player.mobile,
      password: player.password,
    });
    const token = login.body.unique_token;
    if (typeof token !== 'string') throw new Error(`login failed: ${JSON.stringify(login.body)}`);
    return { ...player, id: await this.operator.playerId(player.mobile), token };
  }

  /** The server's clock on the market's zone (it starts at CLOCK_START and runs in real time). */
  async serverNow(player: SignedInPlayer): Promise<{ minutes: number; seconds: number }> {
    const at = await this.serverTime(player);
    return { minutes: zonedParts(at, ZONE).minutes, seconds: at.getUTCSeconds() };
  }

  /**
   * A main market of the test's own. `openInMinutes` puts its open draw that far after the server's now (its
   * close a few hours later), so open bids are taken now and the open result can be declared soon after.
   */
  async market(prefix: string, player: SignedInPlayer, openInMinutes = 120): Promise<Market> {
    const now = await this.serverNow(player);
    // At least 40 s to place the bids before the open time.
    const openMinutes = now.minutes + openInMinutes + (openInMinutes < 10 && now.seconds > 20 ? 1 : 0);
    const openTime = formatClockTime(openMinutes);
    const closeTime = formatClockTime(Math.min(openMinutes + 240, 23 * 60 + 30));
    const name = `${prefix} ${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
    const id = await this.operator.createMainMarket(name, openTime, closeTime);
    return { id, name, openTime };
  }

  /** Single Digit bids of one player on a main market, today. */
  async bid(player: SignedInPlayer, market: Market, lines: readonly BidLine[]): Promise<void> {
    await playerCall(
      this.api,
      '/api-submit-bid',
      player.token,
      {
        game_id: market.id,
        new_result: {
          pana: 'Single Digit',
          bid_date: E2E_TODAY.bidDate,
          result: lines.map((line) => ({
            digits: line.digits,
            closedigits: '',
            points: line.points,
            session: line.session,
          })),
        },
      },
      key(),
    );
  }

  /** What a Single Digit bid of `points` pays on the main markets now: points × val_2 / val_1. */
  async singleDigitPayout(points: number): Promise<number> {
    const rates = await this.api.post('/api-game-rates');
    const row = (rates.body.game_rates as Array<Record<string, string>> | undefined)?.[0];
    const stake = Number(row?.single_digit_val_1);
    const pays = Number(row?.single_digit_val_2);
    if (!stake || !pays) throw new Error(`no single digit rate: ${JSON.stringify(rates.body)}`);
    return (points * pays) / stake;
  }

  /** The server's clock as its wallet answer gives it. */
  async serverTime(player: SignedInPlayer): Promise<Date> {
    const wallet = await playerCall(this.api, '/api-user-wallet-balance', player.token, {});
    return new Date(String(wallet.server_time));
  }

  /**
   * Moves the server's clock past the market's open draw, then declares its result. Only a server with the
   * test-only clock control has it (the draws projects of playwright.config.ts, one test at a time).
   */
  async declareOpen(player: SignedInPlayer, market: Market, value: string): Promise<void> {
    const openMinutes = parseClockTime(market.openTime);
    if (openMinutes === null) throw new Error(`not a clock time: ${market.openTime}`);
    await advanceServerClock(
      this.api.baseURL,
      secondsUntilMinute(await this.serverTime(player), openMinutes),
    );
    await this.operator.declare(market.id, E2E_TODAY.iso, 'open', value);
  }

  /** A deposit request of `points`, approved by the operator when `approve` is set. */
  async deposit(player: SignedInPlayer, points: number, approve: boolean): Promise<number> {
    const answer = await playerCall(
      this.api,
      '/api-fund-request-add',
      player.token,
      { request_amount: String(points) },
      key(),
    );
    const id = Number(answer.request_id);
    if (approve) await this.operator.call('POST', `/admin-api/deposits/${id}/approve`, {});
    return id;
  }

  /** Points from one player to another, the way the app sends them. */
  async transfer(from: SignedInPlayer, to: SignedInPlayer, points: number): Promise<number> {
    const answer = await playerCall(
      this.api,
      '/api-user-transfer-wallet-balance',
      from.token,
      { mobile_no: to.mobile, amount: String(points) },
      key(),
    );
    return Number(answer.transfer_id);
  }
}
