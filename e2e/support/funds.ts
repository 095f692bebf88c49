/**
 * The operator's side of the money screens: a thin client of the operator API for preconditions (funding a
 * player) and for checking what the player's actions recorded (pending deposits and withdrawals).
 */
import { formatPaise } from '@gama/core/rules/money';
import { APP_KEY, randomMobile, type GamaApi } from './gama-api.ts';
import { E2E_ADMIN } from './server-env.ts';

export interface OperatorDeposit {
  id: number;
  mobile: string;
  amount: string;
  status: string;
  utr: string | null;
  has_screenshot: boolean;
}

/** What the operator's queues answer for one row (only the fields these helpers read). */
interface QueueRow {
  id: number;
  player: { mobile: string };
  amount_paise: number;
  status: string;
  utr: string | null;
  has_screenshot: boolean;
}

export interface OperatorWithdrawal {
  id: number;
  mobile: string;
  amount: string;
  status: string;
  payment_method: string;
  payout_number: string;
}

export class Operator {
  private constructor(
    private readonly api: GamaApi,
    private readonly token: string,
  ) {}

  static async login(api: GamaApi): Promise<Operator> {
    const response = await fetch(new URL('/admin-api/login', api.baseURL), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': api.clientIp },
      body: JSON.stringify(E2E_ADMIN),
    });
    const body = (await response.json()) as { token?: string };
    if (!response.ok || !body.token) throw new Error(`operator login failed: ${JSON.stringify(body)}`);
    return new Operator(api, body.token);
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
    const response = await fetch(new URL(path, this.api.baseURL), {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        'x-forwarded-for': this.api.clientIp,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
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
    const player = rows.find((row) => row.mobile === mobile);
    if (!player) throw new Error(`no player with mobile ${mobile}`);
    return player.id;
  }

  async wallet(mobile: string): Promise<string> {
    const { rows } = await this.call<{ rows: Array<{ mobile: string; wallet_paise: number }> }>(
      'GET',
      `/admin-api/players?q=${mobile}`,
    );
    const player = rows.find((row) => row.mobile === mobile);
    if (!player) throw new Error(`no player with mobile ${mobile}`);
    return formatPaise(player.wallet_paise);
  }

  /** Credits (or debits) a player's wallet directly, the quick way to give a test player points. */
  async fund(mobile: string, points: number): Promise<void> {
    const id = await this.playerId(mobile);
    await this.call('POST', `/admin-api/players/${id}/adjust`, { points, reason: 'e2e funding' });
  }

  async deposits(mobile: string, status: 'pending' | 'all' = 'pending'): Promise<OperatorDeposit[]> {
    const { rows } = await this.call<{ rows: QueueRow[] }>(
      'GET',
      `/admin-api/deposits?status=${status}&q=${mobile}&page_size=200&sort=id&dir=desc`,
    );
    return rows
      .filter((row) => row.player.mobile === mobile)
      .map((row) => ({
        id: row.id,
        mobile: row.player.mobile,
        amount: formatPaise(row.amount_paise),
        status: row.status,
        utr: row.utr,
        has_screenshot: row.has_screenshot,
      }));
  }

  async approveDeposit(id: number): Promise<void> {
    await this.call('POST', `/admin-api/deposits/${id}/approve`, {});
  }

  async withdrawals(mobile: string, status: 'pending' | 'all' = 'pending'): Promise<OperatorWithdrawal[]> {
    const { rows } = await this.call<{
      rows: Array<QueueRow & { state: string; payment_method: string; payout_number: string }>;
    }>(
      'GET',
      `/admin-api/withdrawals?status=${status === 'pending' ? 'open' : 'all'}&q=${mobile}&page_size=200`,
    );
    return rows
      .filter((row) => row.player.mobile === mobile)
      .map((row) => ({
        id: row.id,
        mobile: row.player.mobile,
        amount: formatPaise(row.amount_paise),
        status: row.state,
        payment_method: row.payment_method,
        payout_number: row.payout_number,
      }));
  }

  async approveWithdrawal(id: number, receiptUrl?: string): Promise<void> {
    await this.call('POST', `/admin-api/withdrawals/${id}/approve`, {
      payment_reference: `E2E-PAYOUT-${id}`,
      ...(receiptUrl ? { receipt_url: receiptUrl } : {}),
    });
  }
}

/** Saves a payout number for a player through the same code step the app uses (API only, for preconditions). */
/**
 * A payout number no other test's player uses: players who share one are linked accounts, whose withdrawals
 * the risk signals hold for review (decision 039).
 */
export function freshPayoutNumber(player: { mobile: string }): string {
  for (;;) {
    const number = randomMobile();
    if (number !== player.mobile) return number;
  }
}

export async function savePayoutNumber(
  api: GamaApi,
  player: { mobile: string; password: string },
  upiType: '1' | '2' | '3',
  number: string,
): Promise<void> {
  const login = await fetch(new URL('/api-user-login', api.baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': api.clientIp },
    body: JSON.stringify({
      env_type: 'Prod',
      app_key: APP_KEY,
      mobile: player.mobile,
      password: player.password,
    }),
  });
  const session = (await login.json()) as { unique_token?: string };
  if (!session.unique_token) throw new Error(`login failed: ${JSON.stringify(session)}`);
  const token = { unique_token: session.unique_token };
  const sent = await api.post('/api-send-withdraw-otp', { ...token, upi_type: upiType, number });
  if (sent.httpStatus !== 200) throw new Error(`send-withdraw-otp failed: ${JSON.stringify(sent.body)}`);
  const otp = await api.latestCode(player.mobile, 'withdraw number verification');
  const field = upiType === '1' ? 'paytm_no' : upiType === '2' ? 'google_pay_no' : 'phon_pay_no';
  const saved = await api.post('/api-add-user-upi-details', {
    ...token,
    upi_type: upiType,
    [field]: number,
    otp,
  });
  if (saved.httpStatus !== 200) throw new Error(`add-user-upi-details failed: ${JSON.stringify(saved.body)}`);
}
