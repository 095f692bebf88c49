/**
 * Preconditions of the notices specs (decision 037): a market of the test's own with players who bid on it
 * today, so a notice to "a market's bidders today" reaches them and nobody else on the shared server.
 */
import { Operator } from './bidding.ts';
import type { GamaApi, Player } from './gama-api.ts';

/** The server's date in the market zone, as the bid form writes it: `20-November-2026`. */
async function serverBidDate(api: GamaApi, token: string): Promise<string> {
  const wallet = await api.post('/api-user-wallet-balance', { unique_token: token });
  const now = new Date(Date.parse(String(wallet.body.server_time)));
  return now
    .toLocaleDateString('en-GB', { timeZone: 'Asia/Kolkata', day: '2-digit', month: 'long', year: 'numeric' })
    .replace(/ /g, '-');
}

/** A new main market (its draws late in the day, open for bids now) and `players`, each with one bid on it today. */
export async function marketWithBidders(
  api: GamaApi,
  players: readonly Player[],
): Promise<{ id: number; name: string }> {
  const owner = await Operator.login(api.baseURL);
  const name = `NOTICE ${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
  const id = await owner.createMainMarket(name, '11:00 PM', '11:30 PM');
  for (const player of players) {
    await owner.fund(player.mobile, 100);
    const login = await api.post('/api-user-login', { mobile: player.mobile, password: player.password });
    const token = String(login.body.unique_token);
    const bid = await api.post(
      '/api-submit-bid',
      {
        unique_token: token,
        game_id: id,
        new_result: {
          pana: 'Single Digit',
          bid_date: await serverBidDate(api, token),
          result: [{ digits: '4', points: 10, session: 'open' }],
        },
      },
      { 'idempotency-key': `e2e-${Math.random().toString(36).slice(2)}` },
    );
    if (bid.httpStatus !== 200) throw new Error(`bid failed: ${JSON.stringify(bid.body)}`);
  }
  return { id, name };
}
