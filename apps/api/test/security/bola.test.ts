/**
 * S8 (BOLA) and S9 (mass assignment), reliability-security.md 2.4. Player A calls every legacy route with B's
 * identifiers in every body field that could carry one; no answer may hold B's rows, and B's rows in the
 * database must be exactly as they were. Then every write is sent with fields it does not own (balances,
 * statuses, roles, owners, other records' ids), and the database must show none of them applied.
 *
 * The routes come from the Fastify instance (the Z1 catalogue's reader); a legacy route without a case here
 * fails the suite, so a new personal route cannot skip the check.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPaise } from '@gama/core/rules/money';
import { nextMobile } from '../../src/seed/players.ts';
import { createSession } from '../../src/modules/auth/sessions.ts';
import { maskName } from '../../src/modules/wallet/transfer-note.ts';
import { routeRefs, specFor } from '../fuzz/catalogue.ts';
import { createTestApp, snapshot } from '../helpers.ts';
import type { TestApp } from '../helpers.ts';
import { balanceOf, expectLedgerClean } from '../money.ts';
import type { Victim, World } from './world.ts';
import { BID_DATE, HISTORY_DAY, IST, buildWorld, victimState } from './world.ts';

// Registration reads the betting default from settings: '0' here, so a body that says '1' would show (S9).
// The notification stream ends after 300 ms here, so its whole answer can be read.
const t: TestApp = await createTestApp({
  now: IST('09:00'),
  env: { DEFAULT_BETTING_STATUS: '0', NOTIFICATION_STREAM_MS: '300' },
});
const routes = routeRefs(t.routes);
let w: World;
/** A's live token: logout and password change end it, and the suite opens a fresh one. */
let token = '';

beforeAll(async () => {
  w = await buildWorld(t);
  token = w.a.token;
});
afterAll(async () => {
  await expectLedgerClean(t);
  await t.close();
});

type Json = Record<string, unknown>;

interface Case {
  /** The valid body (async when it needs a code from the outbox); B's identifiers are put around it. */
  body: (w: World) => Json | Promise<Json>;
  /** The status A must get: 200 unless the call is refused on purpose. */
  status?: number;
  /** The call ends A's session (logout, password change). */
  endsSession?: boolean;
  /** The answer is A's own, checked against the database. */
  check?: (w: World, json: Json) => void | Promise<void>;
}

const day = { from: '11/1/2026', to: HISTORY_DAY };
/** A's phone as a push service knows it, and a device's keys as a browser makes them. */
const A_PUSH_ENDPOINT = 'https://push.example.test/send/a-device';
function devicePushKeys(): { p256dh: string; auth: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

/** A's second payout number, added during the run. */
const aPhonePe = nextMobile();

/** B's identifiers under every name a legacy body uses for a person, a record, a market or a date. */
function victimIds(w: World): Json {
  const b = w.b;
  return {
    mobile: b.player.mobile,
    mobile_no: b.player.mobile,
    number: b.payoutNumber,
    paytm_no: b.payoutNumber,
    google_pay_no: b.payoutNumber,
    phon_pay_no: b.payoutNumber,
    user_id: b.player.id,
    userid: b.player.id,
    player_id: b.player.id,
    id: b.player.id,
    user_name: b.player.userName,
    request_number: b.withdrawIds[0],
    withdraw_id: b.withdrawIds[0],
    fund_request_id: b.depositIds[0],
    deposit_id: b.depositIds[0],
    transaction_id: b.entryIds[0],
    transfer_id: b.transferIds[0],
    bid_id: b.bidIds[0],
    game_id: w.markets.early.main,
    market_id: w.markets.early.main,
    bid_from: day.from,
    bid_to: day.to,
    date_from: day.from,
    date_to: day.to,
    date: '2026-11-20',
  };
}

/** Which of B's ids a key of an answer would carry. */
const ID_KEYS: Record<string, (v: Victim) => number[]> = {
  transaction_id: (v) => v.entryIds,
  request_number: (v) => v.withdrawIds,
  request_id: (v) => v.depositIds,
  transfer_id: (v) => v.transferIds,
  bid_id: (v) => v.bidIds,
  player_id: (v) => [v.player.id],
  user_id: (v) => [v.player.id],
};

/** Every trace of B in an answer: B's texts anywhere, B's amounts as whole values, B's ids under id keys. */
function victimTraces(v: Victim, value: unknown, path = '$', key = ''): string[] {
  if (typeof value === 'string' || typeof value === 'number') {
    const found: string[] = [];
    const text = String(value);
    for (const marker of v.texts) if (text.includes(marker)) found.push(`${path} shows ${marker}`);
    if (typeof value === 'string' && v.values.includes(text)) found.push(`${path} = B's amount ${text}`);
    const idsOf = ID_KEYS[key];
    if (idsOf && /^\d+$/.test(text) && idsOf(v).includes(Number(text))) found.push(`${path} = B's ${key}`);
    return found;
  }
  if (Array.isArray(value)) return value.flatMap((item, i) => victimTraces(v, item, `${path}[${i}]`, key));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, item]) => victimTraces(v, item, `${path}.${k}`, k));
  }
  return [];
}

async function idsOf(sql: string, params: unknown[]): Promise<number[]> {
  const { rows } = await t.db.query<{ id: number }>(sql, params);
  return rows.map((r) => Number(r.id));
}

function list(json: Json, key: string): Json[] {
  const value = json[key];
  expect(Array.isArray(value), `${key} is a list`).toBe(true);
  return value as Json[];
}

const historyCheck = (key: string) => (_w: World, json: Json) => {
  // A has rows there too: an empty answer would prove nothing.
  expect(list(json, key).length).toBeGreaterThan(0);
};

const submitBody = (group: 'main' | 'starline' | 'gali', key?: string) => (w: World) => ({
  game_id: w.markets.late[group],
  new_result: {
    pana: group === 'gali' ? 'Left Digit' : 'Single Digit',
    bid_date: BID_DATE,
    result: [{ digits: '3', points: 10, ...(group === 'main' ? { session: 'open' } : {}) }],
  },
  ...(key ? { request_id: key } : {}),
});

/** Every notification listed is A's own, and A has some (or the check would show nothing). */
const notificationsCheck = async (w: World, json: Json) => {
  const own = await idsOf('SELECT id FROM notifications WHERE player_id = $1', [w.a.id]);
  const rows = list(json, 'notifications');
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) expect(own).toContain(Number(row.id));
};

const walletCheck = async (w: World, json: Json) => {
  expect(json.wallet_amt).toBe(formatPaise(await balanceOf(t, w.a.id)));
};

/**
 * One case per legacy route, run in this order (the reset cases use the code the one before them sent).
 * Where a field must name someone to be valid (a transfer's recipient) it names C, never B: paying B or
 * looking B up is what those routes are for, not a cross-account access.
 */
const CASES: Record<string, Case> = {
  '/api-user-wallet-balance': {
    body: () => ({}),
    check: async (w, json) => {
      expect(json).toMatchObject({ user_name: w.a.userName, mobile: w.a.mobile });
      await walletCheck(w, json);
    },
  },
  '/api-wallet-transaction-history': {
    body: () => ({}),
    check: async (w, json) => {
      const own = await idsOf(
        'SELECT e.id FROM entries e JOIN accounts a ON a.id = e.account_id WHERE a.player_id = $1',
        [w.a.id],
      );
      const rows = list(json, 'transaction_history');
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(own).toContain(Number(row.transaction_id));
      await walletCheck(w, json);
    },
  },
  '/api-last-fund-request-detail': { body: () => ({}) },
  '/api-fund-request-add': {
    body: (w) => ({ request_amount: '250', request_id: w.b.keys.deposit }),
    check: async (w, json) => {
      const own = await idsOf('SELECT id FROM deposit_requests WHERE player_id = $1', [w.a.id]);
      expect(own).toContain(Number(json.request_id));
    },
  },
  '/api-fund-request-utr': {
    // B's pending deposit (the newer of B's two): A cannot put evidence on it, and learns nothing of it.
    body: (w) => ({ request_id: Math.max(...w.b.depositIds), utr: '555000111333' }),
    status: 404,
  },
  '/api-fund-request-pending': {
    body: () => ({}),
    check: async (w, json) => {
      const own = await idsOf(`SELECT id FROM deposit_requests WHERE player_id = $1 AND status = 'pending'`, [
        w.a.id,
      ]);
      const rows = list(json, 'requests');
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(own).toContain(Number(row.request_id));
    },
  },
  '/api-get-user-payment-details': {
    body: () => ({}),
    check: (w, json) => {
      expect(json.payment_details).toMatchObject({ google_pay_number: w.aPayoutNumber });
    },
  },
  '/api-send-withdraw-otp': {
    body: (w) => {
      w.t.clock.advance(31_000);
      return { upi_type: '3', number: aPhonePe };
    },
    check: (w, json) => {
      expect(json.mobile).toBe(w.a.mobile);
    },
  },
  '/api-add-user-upi-details': {
    body: async (w) => ({ upi_type: '3', phon_pay_no: aPhonePe, otp: await w.t.lastCode(w.a.mobile) }),
    check: async (w) => {
      const { rows } = await t.db.query<{ player_id: number }>(
        `SELECT player_id FROM payout_methods WHERE upi_type = '3' AND number = $1`,
        [aPhonePe],
      );
      expect(rows.map((r) => Number(r.player_id))).toEqual([w.a.id]);
    },
  },
  '/api-user-withdraw-fund-request': {
    body: (w) => ({ request_amount: '500', payment_method: '2', request_id: w.b.keys.withdraw }),
    check: async (w, json) => {
      const { rows } = await t.db.query<{ player_id: number; payout_number: string }>(
        'SELECT player_id, payout_number FROM withdraw_requests WHERE id = $1',
        [json.request_number],
      );
      expect(rows.map((r) => [Number(r.player_id), r.payout_number])).toEqual([[w.a.id, w.aPayoutNumber]]);
    },
  },
  '/api-user-withdraw-transaction-history': {
    body: () => ({}),
    check: async (w, json) => {
      const own = await idsOf('SELECT id FROM withdraw_requests WHERE player_id = $1', [w.a.id]);
      const rows = list(json, 'withdrawdata');
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(own).toContain(Number(row.request_number));
    },
  },
  '/api-check-user-for-transfer-amt': {
    body: (w) => ({ mobile_no: w.c.mobile }),
    check: (w, json) => {
      expect(json.user_name).toBe(maskName(w.c.userName));
    },
  },
  '/api-user-transfer-wallet-balance': {
    body: (w) => ({ mobile_no: w.c.mobile, amount: '150', request_id: w.b.keys.transfer }),
    check: async (w, json) => {
      const { rows } = await t.db.query<{ from_player_id: number; to_player_id: number }>(
        'SELECT from_player_id, to_player_id FROM transfers WHERE id = $1',
        [json.transfer_id],
      );
      expect(rows.map((r) => [Number(r.from_player_id), Number(r.to_player_id)])).toEqual([[w.a.id, w.c.id]]);
    },
  },
  '/api-submit-bid': { body: (w) => submitBody('main', w.b.keys.bid)(w), check: walletCheck },
  '/api-starline-submit-bid': { body: submitBody('starline'), check: walletCheck },
  '/api-galidisawar-submit-bid': { body: submitBody('gali'), check: walletCheck },
  '/api-bid-history-data': { body: () => ({}), check: historyCheck('bid_data') },
  '/api-starline-bid-history-data': { body: () => ({}), check: historyCheck('bid_data') },
  '/api-galidisawar-bid-history-data': { body: () => ({}), check: historyCheck('bid_data') },
  '/api-wining-history-data': { body: () => ({}), check: historyCheck('win_data') },
  '/api-starline-wining-history-data': { body: () => ({}), check: historyCheck('win_data') },
  '/api-galidisawar-wining-history-data': { body: () => ({}), check: historyCheck('win_data') },
  '/api-play-settings': {
    body: () => ({}),
    check: (_w, json) => {
      expect(json).toMatchObject({ break: null, reality_check_minutes: 0 });
    },
  },
  '/api-play-limits': {
    body: () => ({ kind: 'deposit', day: '', week: '', month: '900000' }),
    check: async (w) => {
      const { rows } = await t.db.query<{ player_id: number }>(
        'SELECT DISTINCT player_id FROM play_limits WHERE amount = 90000000',
      );
      expect(rows.map((r) => Number(r.player_id))).toEqual([w.a.id]);
    },
  },
  '/api-play-break': {
    body: () => ({ option: '24h' }),
    check: async (w) => {
      const { rows } = await t.db.query<{ id: number }>(
        'SELECT id FROM players WHERE break_until IS NOT NULL',
      );
      expect(rows.map((r) => Number(r.id))).toEqual([w.a.id]);
      // Ended here so A may go on betting in the cases that follow. No route can end a break early and a
      // trigger refuses it (migration 0026), so the test steps past the trigger as only a superuser can.
      await t.db.transaction(async (tx) => {
        await tx.query('SET LOCAL session_replication_role = replica');
        await tx.query('UPDATE players SET break_kind = NULL, break_until = NULL WHERE id = $1', [w.a.id]);
      });
    },
  },
  '/api-reality-check-interval': {
    body: () => ({ minutes: '30' }),
    check: (_w, json) => {
      expect(json).toMatchObject({ reality_check_minutes: 30 });
    },
  },
  '/api-reality-check': {
    body: () => ({}),
    check: (_w, json) => {
      expect(json).toMatchObject({ status: true, interval_minutes: 30 });
    },
  },
  '/api-notifications': {
    body: (w) => ({ before: Math.max(...w.b.notificationIds) + 1 }),
    check: notificationsCheck,
  },
  '/api-notifications-unread': {
    body: () => ({}),
    check: async (w, json) => {
      const own = await idsOf('SELECT id FROM notifications WHERE player_id = $1 AND read_at IS NULL', [
        w.a.id,
      ]);
      expect(json.unread).toBe(own.length);
    },
  },
  // B's ids name nothing of A's: B's rows stay unread (victimState), and A's count is A's.
  '/api-notifications-read': { body: (w) => ({ ids: w.b.notificationIds }) },
  // B's conversation reads and takes writes as a missing one; A's own list and count hold nothing of B's.
  '/api-support-threads': {
    body: () => ({}),
    check: (w, json) => {
      const ids = (json.threads as Array<{ id: number }>).map((x) => x.id);
      for (const id of w.b.supportThreadIds) expect(ids).not.toContain(id);
    },
  },
  '/api-support-unread': { body: () => ({}) },
  // A's own code and counts: nothing in the body can name another player's.
  '/api-my-referrals': {
    body: (w) => ({ player_id: w.b.player.id, mobile: w.b.player.mobile }),
    check: async (w, json) => {
      const { rows } = await t.db.query<{ player_id: number }>(
        'SELECT player_id FROM referral_codes WHERE code = $1',
        [json.code],
      );
      expect(rows.map((r) => Number(r.player_id))).toEqual([w.a.id]);
    },
  },
  // A's device: nothing in these bodies names a player; the session alone decides whose device it is.
  '/api-push-key': { body: () => ({}) },
  '/api-push-subscribe': { body: () => ({ endpoint: A_PUSH_ENDPOINT, keys: devicePushKeys() }) },
  // Read here; setting them is S9's case.
  '/api-push-preferences': { body: () => ({}) },
  '/api-push-unsubscribe': { body: () => ({ endpoint: A_PUSH_ENDPOINT }) },
  // Public: says whether codes are taken, about no one.
  '/api-referral-program': { body: (w) => ({ mobile: w.b.player.mobile }) },
  '/api-support-thread': { body: (w) => ({ thread_id: w.b.supportThreadIds[0] }), status: 404 },
  '/api-support-send': {
    body: (w) => ({ text: 'A writes in B’s conversation', thread_id: w.b.supportThreadIds[0] }),
    status: 404,
  },
  '/api-account-statement': {
    body: () => ({ month: '2026-11' }),
    check: async (w, json) => {
      const { rows } = await t.db.query<{ balance: number }>(
        `SELECT balance FROM accounts WHERE player_id = $1 AND kind = 'wallet'`,
        [w.a.id],
      );
      expect(json.closing).toBe(String((rows[0]?.balance ?? 0) / 100));
    },
  },
  '/api-profile-update': {
    body: () => ({ user_name: 'Asha Renamed' }),
    check: async (w, json) => {
      expect(json.user_name).toBe('Asha Renamed');
      w.a.userName = 'Asha Renamed';
    },
  },
  // The caller's own language only: B's ids in the body change nothing of B's (B's SMS stay in English).
  '/api-user-language': {
    body: () => ({ language: 'hi' }),
    check: async (w, json) => {
      expect(json.language).toBe('hi');
      const { rows } = await t.db.query<{ id: number; language: string }>(
        'SELECT id, language FROM players WHERE id = ANY($1) ORDER BY id',
        [[w.a.id, w.b.player.id]],
      );
      expect(rows).toEqual([
        { id: w.a.id, language: 'hi' },
        { id: w.b.player.id, language: 'en' },
      ]);
    },
  },
  // Public account flows with B's phone: none may sign A in as B, text B, or touch B's password.
  '/api-user-login': {
    body: (w) => ({ mobile: w.b.player.mobile, password: w.a.password }),
    status: 400,
  },
  '/api-check-mobile': { body: (w) => ({ mobile: w.b.player.mobile }), status: 409 },
  '/api-user-registration': {
    body: (w) => ({
      dob: '1990-01-01',
      name: 'Someone Else',
      mobile: w.b.player.mobile,
      password: 'bola-pass-123',
      otp: '1234',
    }),
    status: 409,
  },
  '/api-resend-otp': {
    // A withdraw-number code goes only to the session's own phone.
    body: (w) => ({ mobile: w.b.player.mobile, purpose: 'withdraw_upi' }),
    status: 401,
  },
  // Starting a reset texts the number's owner by design; A starts one for A, and B's ids around it change nothing.
  '/api-forget-check-mobile': {
    body: (w) => {
      w.t.clock.advance(31_000);
      return { mobile: w.a.mobile };
    },
  },
  '/api-verify-forgot-otp': {
    // A's own reset code does not verify B's phone.
    body: async (w) => ({ mobile: w.b.player.mobile, otp: await w.t.lastCode(w.a.mobile) }),
    status: 400,
  },
  '/api-forgot-password': {
    // A's own reset ticket does not reset B's password.
    body: async (w) => {
      const ticket = await w.t.post<Json>('/api-verify-forgot-otp', {
        mobile: w.a.mobile,
        otp: await w.t.lastCode(w.a.mobile),
      });
      expect(ticket.statusCode).toBe(200);
      return { mobile: w.b.player.mobile, new_pass: 'bola-takeover-1', reset_token: ticket.json.reset_token };
    },
    status: 400,
  },
  '/api-change-password': {
    body: (w) => ({ old_pass: w.a.password, new_pass: 'bola-new-pass-1' }),
    endsSession: true,
    check: (w) => {
      w.a.password = 'bola-new-pass-1';
    },
  },
  '/api-user-logout': { body: () => ({}), endsSession: true },
  // A holds points, so the close is refused; with B's ids around it, B's account is not the one judged.
  '/api-delete-account': {
    body: (w) => ({ password: w.a.password, confirm: true }),
    status: 403,
    check: (_w, json) => {
      expect(String(json.msg)).toMatch(/^Your wallet still has /);
    },
  },
  // Public content: nothing personal, and nothing of B's may show up in it either.
  '/api-get-headline': { body: () => ({ ids: [1] }) },
  '/api-get-slider-images': { body: () => ({}) },
  '/api-get-social-data': { body: () => ({}) },
  '/api-how-to-play': { body: () => ({}) },
  '/api-money-deposit-withdrawal-rule': { body: () => ({}) },
  '/api-get-app-pages': { body: () => ({}) },
  '/apiGetawayStatus': { body: () => ({}) },
  '/api-admin-bank-details': { body: () => ({}) },
  '/api-get-qr-pay': { body: () => ({}) },
  '/api-market-chart': { body: (w) => ({ game_id: w.markets.early.main, group: 'main' }) },
  '/api-main-game': { body: () => ({}) },
  '/api-starline-game': { body: () => ({}) },
  '/api-galidisawar-game': { body: () => ({}) },
  '/api-game-rates': { body: () => ({}) },
  '/api-starline-game-rates': { body: () => ({}) },
  '/api-galidisawar-game-rates': { body: () => ({}) },
};

describe('S8 route inventory', () => {
  // Every legacy route is a POST with a JSON body; those bodies are where a client could name someone else.
  const legacy = routes.filter((r) => r.method === 'POST' && !r.url.startsWith('/admin-api/'));

  it('has a case for every legacy route of the instance, personal ones included', () => {
    const missing = legacy.filter((r) => !(r.url in CASES)).map((r) => `${r.method} ${r.url}`);
    expect(missing, 'routes without a BOLA case: add them to CASES').toEqual([]);
    const personal = legacy.filter((r) => ['player', 'betting'].includes(specFor(r)?.auth ?? ''));
    expect(personal.length).toBeGreaterThanOrEqual(23);
    expect(Object.keys(CASES).filter((path) => !legacy.some((r) => r.url === path))).toEqual([]);
  });

  it('has no other route that could take a player’s identifiers', () => {
    // GET and HEAD outside /admin-api/ are the health check, the web app's files and the development
    // outbox (only with the outbox SMS provider, never in production), which read no session, and the
    // notification stream, whose only input is Last-Event-ID (its own case below).
    const others = routes.filter((r) => !r.url.startsWith('/admin-api/') && r.method !== 'POST');
    expect(others.filter((r) => r.method !== 'GET' && r.method !== 'HEAD')).toEqual([]);
    expect([...new Set(others.map((r) => r.url).filter((u) => u.startsWith('/api-')))].sort()).toEqual([
      '/api-notifications-stream',
      // Its only input is a message id in the path (its own case below).
      '/api-support-image/:id',
    ]);
  });

  it('leaves operator routes to Z1, which sends each a player token and wants 403', () => {
    const operator = routes.filter((r) => r.url.startsWith('/admin-api/'));
    expect(operator.length).toBeGreaterThan(10);
    const open = ['/admin-api/login', '/admin-api/openapi.json', '/admin-api/docs'];
    for (const r of operator.filter((x) => !open.includes(x.url))) {
      expect(specFor(r)?.auth, `${r.method} ${r.url}`).toBe('operator');
    }
  });
});

describe('S8 BOLA: A calls every route with B’s identifiers', () => {
  for (const [path, c] of Object.entries(CASES)) {
    it(path, async () => {
      // Taken per call, so one route that changes B fails alone instead of every route after it.
      const before = await victimState(w);
      const body = { ...victimIds(w), ...(await c.body(w)) };
      const res = await t.post<Json>(path, body, { token });
      expect(res.statusCode, res.raw).toBe(c.status ?? 200);
      expect(victimTraces(w.b, res.json), res.raw).toEqual([]);
      for (const marker of w.b.texts) expect(res.raw).not.toContain(marker);
      if (c.status === undefined) await c.check?.(w, res.json);
      if (c.endsSession)
        token = await createSession(t.db, t.clock, w.a.id, { ip: '127.0.0.1', userAgent: 's8' });
      // Checked after each call, so a failure names the route that changed B's rows.
      expect(await victimState(w)).toEqual(before);
    });
  }
});

describe('S8 BOLA: the notification stream', () => {
  it('replays only A’s own rows, whatever Last-Event-ID names', async () => {
    const own = await idsOf('SELECT id FROM notifications WHERE player_id = $1', [w.a.id]);
    expect(own.length).toBeGreaterThan(0);
    const before = await victimState(w);
    for (const from of [0, Math.min(...w.b.notificationIds) - 1]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api-notifications-stream',
        headers: { authorization: `Bearer ${token}`, 'last-event-id': String(from) },
      });
      expect(res.statusCode, res.body).toBe(200);
      const sent = [...res.body.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
      expect(sent).toEqual(own.filter((id) => id > from).sort((x, y) => x - y));
      for (const id of w.b.notificationIds) expect(sent).not.toContain(id);
    }
    expect(await victimState(w)).toEqual(before);
  });
});

describe('S8 BOLA: a device’s owner', () => {
  it('keeps B’s device when A unsubscribes B’s push address', async () => {
    const endpoint = 'https://push.example.test/send/b-device';
    const b = { token: w.b.player.token };
    expect((await t.post('/api-push-subscribe', { endpoint, keys: devicePushKeys() }, b)).statusCode).toBe(
      200,
    );
    const before = await t.db.query('SELECT * FROM push_subscriptions WHERE endpoint = $1', [endpoint]);
    expect(before.rows).toHaveLength(1);
    const res = await t.post('/api-push-unsubscribe', { endpoint, ...victimIds(w) }, { token });
    expect(res.statusCode).toBe(200);
    const after = await t.db.query('SELECT * FROM push_subscriptions WHERE endpoint = $1', [endpoint]);
    expect(after.rows).toEqual(before.rows);
    // B's own call removes it: A's was refused for the owner, not for the address.
    expect((await t.post('/api-push-unsubscribe', { endpoint }, b)).statusCode).toBe(200);
    expect(
      (await t.db.query('SELECT 1 FROM push_subscriptions WHERE endpoint = $1', [endpoint])).rows,
    ).toEqual([]);
  });
});

describe('S8 BOLA: a support screenshot', () => {
  it('answers A only for A’s own messages: B’s screenshot reads like a message without one', async () => {
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO support_messages (thread_id, player_id, body, image, created_at)
       VALUES ($1, $2, '', '\\x52494646'::bytea, $3) RETURNING id`,
      [w.b.supportThreadIds[0], w.b.player.id, t.clock.now()],
    );
    const id = Number(rows[0]?.id);
    const before = await victimState(w);
    const get = (bearer: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api-support-image/${id}`,
        headers: { authorization: `Bearer ${bearer}` },
      });
    const asA = await get(token);
    expect(asA.statusCode).toBe(404);
    expect(asA.body).not.toContain('RIFF');
    // The same call from B's session is answered: the refusal above is about the owner, not the message.
    expect((await get(w.b.player.token)).statusCode).toBe(200);
    expect(await victimState(w)).toEqual(before);
  });
});

/** Fields a legacy write does not own: balances, statuses, roles, owners, ledger links, other records' ids. */
function foreignFields(w: World, bettingStatus: '0' | '1'): Json {
  return {
    ...victimIds(w),
    betting_status: bettingStatus,
    wallet_amt: '99999',
    balance: 9_999_900,
    debt_amt: '0',
    debt: 0,
    role: 'owner',
    is_admin: true,
    status: 'approved',
    request_status: '2',
    deposit_status: 'approved',
    payout: 999_999,
    rate_val_1: 9999,
    rate_val_2: 9999,
    payout_number: w.b.payoutNumber,
    password_hash: 'not-a-hash',
    created_at: '2020-01-01T00:00:00.000Z',
    verified_at: '2020-01-01T00:00:00.000Z',
    password_changed_at: '2020-01-01T00:00:00.000Z',
    journal_id: 1,
    account_id: 1,
    market_date: '2026-11-19',
    from_player_id: w.b.player.id,
    to_player_id: w.b.player.id,
    amount_status: '1',
  };
}

/** The tables a write could reach, and how a row is named across two snapshots. */
const S9_TABLES = [
  'players',
  'accounts',
  'deposit_requests',
  'withdraw_requests',
  'transfers',
  'bids',
  'payout_methods',
  'win_credits',
  'notifications',
  'support_threads',
  'support_messages',
  'push_subscriptions',
  'push_preferences',
  'operators',
  'operator_sessions',
] as const;
type Row = Record<string, unknown>;

function rowKey(row: Row): string {
  if (row.id !== undefined) return String(row.id);
  if (row.upi_type !== undefined) return `${String(row.player_id)}:${String(row.upi_type)}`;
  return JSON.stringify(row);
}

interface Diff {
  added: Record<string, Row[]>;
  changed: Record<string, Array<{ before: Row; after: Row }>>;
  removed: Record<string, Row[]>;
}

function diff(before: Record<string, unknown[]>, after: Record<string, unknown[]>): Diff {
  const out: Diff = { added: {}, changed: {}, removed: {} };
  for (const table of S9_TABLES) {
    const old = new Map((before[table] as Row[]).map((r) => [rowKey(r), r]));
    const now = new Map((after[table] as Row[]).map((r) => [rowKey(r), r]));
    out.added[table] = [...now].filter(([k]) => !old.has(k)).map(([, r]) => r);
    out.removed[table] = [...old].filter(([k]) => !now.has(k)).map(([, r]) => r);
    out.changed[table] = [...now]
      .filter(([k, r]) => old.has(k) && JSON.stringify(old.get(k)) !== JSON.stringify(r))
      .map(([k, r]) => ({ before: old.get(k) as Row, after: r }));
  }
  return out;
}

interface Write {
  path: string;
  /** Who calls: A (betting on), D (betting off, profile only), or a new registration. */
  who: 'a' | 'd' | 'new';
  body: (w: World) => Json | Promise<Json>;
  /** Columns of the caller's players row the write may change. */
  playerColumns?: string[];
  /** The caller's wallet change in paise: the write's own effect, nothing the body claims. */
  walletDelta?: number;
  /** The rows the write adds, each with the values the server sets. */
  adds?: (w: World) => Partial<Record<(typeof S9_TABLES)[number], Row[]>>;
  /** Columns of the caller's own existing rows the write may change, by table. */
  changes?: Partial<Record<(typeof S9_TABLES)[number], string[]>>;
  endsSession?: boolean;
}

const aPaytm = nextMobile();
const newcomer = nextMobile();

const bidWrite = (group: 'main' | 'starline' | 'gali', path: string): Write => ({
  path,
  who: 'a',
  body: (w) => ({
    game_id: w.markets.late[group],
    new_result: {
      pana: group === 'gali' ? 'Left Digit' : 'Single Digit',
      bid_date: BID_DATE,
      result: [{ digits: '2', points: 10, ...(group === 'main' ? { session: 'open' } : {}) }],
    },
  }),
  walletDelta: -1000,
  adds: (w) => ({
    bids: [
      {
        player_id: w.a.id,
        market_id: w.markets.late[group],
        market_date: expect.anything() as unknown,
        digits: '2',
        points: 10,
        amount: 1000,
      },
    ],
  }),
});

const WRITES: Write[] = [
  {
    path: '/api-play-limits',
    who: 'a',
    body: () => ({ kind: 'stake', day: '', week: '', month: '800000' }),
  },
  {
    // D, whose betting is off anyway: a break stops A's bids in the writes that follow.
    path: '/api-play-break',
    who: 'd',
    body: () => ({ option: '24h' }),
    playerColumns: ['break_kind', 'break_until'],
  },
  {
    path: '/api-reality-check-interval',
    who: 'a',
    body: () => ({ minutes: '15' }),
    playerColumns: ['reality_check_minutes'],
  },
  { path: '/api-account-statement', who: 'a', body: () => ({ month: '2026-11' }) },
  {
    path: '/api-user-language',
    who: 'a',
    body: () => ({ language: 'en' }),
    playerColumns: ['language'],
  },
  {
    path: '/api-profile-update',
    who: 'a',
    body: () => ({ user_name: 'Asha Mass' }),
    playerColumns: ['user_name'],
  },
  {
    // The escalation that matters most: a player the operator switched off switching betting back on.
    path: '/api-profile-update',
    who: 'd',
    body: () => ({ user_name: 'Dev Renamed' }),
    playerColumns: ['user_name'],
  },
  {
    path: '/api-fund-request-add',
    who: 'a',
    body: () => ({ request_amount: '300' }),
    adds: (w) => ({
      deposit_requests: [
        {
          player_id: w.a.id,
          amount: 30_000,
          status: 'pending',
          journal_id: null,
          decided_at: null,
          decided_by: null,
        },
      ],
    }),
  },
  {
    // Evidence on the caller's own pending deposit: its UTR and time, nothing the body claims (status, journal).
    path: '/api-fund-request-utr',
    who: 'a',
    body: async (w) => {
      const { rows } = await w.t.db.query<{ id: number }>(
        `SELECT max(id) AS id FROM deposit_requests WHERE player_id = $1 AND status = 'pending' AND utr IS NULL`,
        [w.a.id],
      );
      return { request_id: rows[0]?.id, utr: '555000111222' };
    },
    changes: { deposit_requests: ['utr', 'utr_at'] },
  },
  {
    path: '/api-send-withdraw-otp',
    who: 'a',
    body: (w) => {
      w.t.clock.advance(31_000);
      return { upi_type: '1', number: aPaytm };
    },
  },
  {
    path: '/api-add-user-upi-details',
    who: 'a',
    body: async (w) => ({ upi_type: '1', paytm_no: aPaytm, otp: await w.t.lastCode(w.a.mobile) }),
    adds: (w) => ({ payout_methods: [{ player_id: w.a.id, upi_type: '1', number: aPaytm }] }),
  },
  {
    path: '/api-user-withdraw-fund-request',
    who: 'a',
    body: () => ({ request_amount: '500', payment_method: '2' }),
    walletDelta: -50_000,
    adds: (w) => ({
      withdraw_requests: [
        {
          player_id: w.a.id,
          amount: 50_000,
          payment_method: '2',
          payout_number: w.aPayoutNumber,
          status: '0',
          receipt_url: null,
          settle_journal_id: null,
          decided_by: null,
        },
      ],
    }),
  },
  {
    path: '/api-user-transfer-wallet-balance',
    who: 'a',
    body: (w) => ({ mobile_no: w.c.mobile, amount: '150' }),
    walletDelta: -15_000,
    adds: (w) => ({ transfers: [{ from_player_id: w.a.id, to_player_id: w.c.id, amount: 15_000 }] }),
  },
  {
    // Every one of A's rows read; B's ids among the foreign fields name nothing of A's.
    path: '/api-notifications-read',
    who: 'a',
    body: () => ({}),
    changes: { notifications: ['read_at'] },
  },
  {
    // A's own new conversation: the server sets its owner, state and assignee, never the body.
    path: '/api-support-send',
    who: 'a',
    body: () => ({ text: 'A asks support' }),
    adds: (w) => ({
      support_threads: [{ player_id: w.a.id, status: 'open', assigned_to: null, first_response_at: null }],
      support_messages: [{ player_id: w.a.id, operator_id: null, body: 'A asks support', image: null }],
    }),
  },
  {
    // Reading A's own conversation moves only its read marker.
    path: '/api-support-thread',
    who: 'a',
    body: async (w) => {
      const { rows } = await w.t.db.query<{ id: number }>(
        'SELECT id FROM support_threads WHERE player_id = $1 ORDER BY id DESC LIMIT 1',
        [w.a.id],
      );
      return { thread_id: Number(rows[0]?.id) };
    },
  },
  {
    path: '/api-push-subscribe',
    who: 'a',
    body: () => ({ endpoint: `${A_PUSH_ENDPOINT}-s9`, keys: devicePushKeys() }),
    adds: (w) => ({ push_subscriptions: [{ player_id: w.a.id, endpoint: `${A_PUSH_ENDPOINT}-s9` }] }),
  },
  {
    path: '/api-push-preferences',
    who: 'a',
    body: () => ({ preferences: { results: false, money: true, support: false } }),
    adds: (w) => ({
      push_preferences: [{ player_id: w.a.id, results: false, money: true, support: false }],
    }),
  },
  bidWrite('main', '/api-submit-bid'),
  bidWrite('starline', '/api-starline-submit-bid'),
  bidWrite('gali', '/api-galidisawar-submit-bid'),
  {
    path: '/api-change-password',
    who: 'a',
    body: (w) => ({ old_pass: w.a.password, new_pass: 'bola-mass-pass-1' }),
    playerColumns: ['password_hash', 'password_changed_at'],
    endsSession: true,
  },
  {
    path: '/api-user-registration',
    who: 'new',
    body: async (w) => {
      const sent = await w.t.post('/api-check-mobile', { mobile: newcomer });
      expect(sent.statusCode).toBe(200);
      return {
        dob: '1990-01-01',
        name: 'New Comer',
        mobile: newcomer,
        password: 'newcomer-pass-1',
        otp: await w.t.lastCode(newcomer),
      };
    },
    adds: () => ({
      // The default betting status of the settings ('0' in this app), not the body's '1'.
      players: [{ user_name: 'New Comer', mobile: newcomer, betting_status: '0' }],
      accounts: [
        { kind: 'wallet', balance: 0 },
        { kind: 'debt', balance: 0 },
      ],
    }),
  },
];

describe('S9 mass assignment: every write with fields it does not own', () => {
  it('covers every legacy write that takes a body', () => {
    const covered = new Set(WRITES.map((x) => x.path));
    // Writes without fields of their own to abuse: logout ends the caller's session, lookups and code
    // sends write only rate and code rows, and the reset flow is covered by S8 (B's password unchanged).
    const exempt = [
      '/api-user-logout',
      // Closing ends the caller's account, which this shared world cannot lose; S8 and close-account.test.ts
      // cover it (B's ids change nothing; only the caller's own row is anonymised).
      '/api-delete-account',
      '/api-check-user-for-transfer-amt',
      '/api-check-mobile',
      '/api-resend-otp',
      // Removes a device by its address, only the caller's (S8: "a device's owner").
      '/api-push-unsubscribe',
    ];
    const flows = [
      '/api-forget-check-mobile',
      '/api-verify-forgot-otp',
      '/api-forgot-password',
      '/api-user-login',
    ];
    const writes = routes.filter(
      (r) =>
        r.method === 'POST' &&
        !r.url.startsWith('/admin-api/') &&
        specFor(r)?.body !== undefined &&
        !/history|chart|headline|notifications$/.test(r.url),
    );
    expect(
      writes.map((r) => r.url).filter((u) => !covered.has(u) && ![...exempt, ...flows].includes(u)),
    ).toEqual([]);
  });

  for (const write of WRITES) {
    it(`${write.path} as ${write.who}`, async () => {
      const actor = write.who === 'd' ? w.d : w.a;
      const actorToken = write.who === 'd' ? w.d.token : write.who === 'a' ? token : undefined;
      // Each foreign field says the opposite of the truth, so an applied one shows in the database.
      const flipped = write.who === 'a' ? '0' : '1';
      const valid = await write.body(w);
      const before = await snapshot(t.db, S9_TABLES);
      const wallet = await balanceOf(t, actor.id);
      const res = await t.post<Json>(
        write.path,
        { ...foreignFields(w, flipped), ...valid },
        actorToken ? { token: actorToken } : {},
      );
      expect(res.statusCode, res.raw).toBe(200);
      const after = await snapshot(t.db, S9_TABLES);
      const d = diff(before, after);
      if (write.endsSession)
        token = await createSession(t.db, t.clock, w.a.id, { ip: '127.0.0.1', userAgent: 's9' });

      for (const table of S9_TABLES) expect(d.removed[table], table).toEqual([]);
      expect(d.added.operators).toEqual([]);
      expect(d.added.operator_sessions).toEqual([]);
      const adds = write.adds?.(w) ?? {};
      for (const table of S9_TABLES) {
        const expected = adds[table] ?? [];
        expect(d.added[table], table).toHaveLength(expected.length);
        expected.forEach((row, i) => expect(d.added[table]?.[i], table).toMatchObject(row));
      }
      // A bid is priced at the server's rate, not the body's 9999.
      for (const bid of d.added.bids ?? []) expect([bid.rate_val_1, bid.rate_val_2]).not.toContain(9999);
      if (write.who === 'new') {
        // A fresh player: nothing else anywhere may have changed but its new rows.
        for (const table of S9_TABLES) expect(d.changed[table], table).toEqual([]);
        return;
      }
      // The caller's players row: only the columns the write is for.
      const players = d.changed.players ?? [];
      expect(
        players.every((c) => Number(c.after.id) === actor.id),
        'only the caller’s row',
      ).toBe(true);
      for (const { before: old, after: now } of players) {
        const moved = Object.keys(now).filter((k) => JSON.stringify(now[k]) !== JSON.stringify(old[k]));
        expect(moved.filter((k) => !(write.playerColumns ?? []).includes(k))).toEqual([]);
      }
      const { rows } = await t.db.query<{ betting_status: string; mobile: string }>(
        'SELECT betting_status, mobile FROM players WHERE id = $1',
        [actor.id],
      );
      expect(rows[0]).toEqual({ betting_status: write.who === 'd' ? '0' : '1', mobile: actor.mobile });
      // Balances move by the write's own effect (and C's by the transfer), never by a body field.
      expect(await balanceOf(t, actor.id)).toBe(wallet + (write.walletDelta ?? 0));
      const touched = new Set((d.changed.accounts ?? []).map((c) => Number(c.after.player_id)));
      touched.delete(actor.id);
      if (write.path.includes('transfer')) touched.delete(w.c.id);
      expect([...touched].filter((id) => id !== 0)).toEqual([]);
      for (const table of [
        'deposit_requests',
        'withdraw_requests',
        'transfers',
        'bids',
        'payout_methods',
      ] as const) {
        const allowed = write.changes?.[table];
        if (allowed === undefined) {
          expect(d.changed[table], table).toEqual([]);
          continue;
        }
        expect(d.changed[table], table).toHaveLength(1);
        for (const { before: old, after: now } of d.changed[table] ?? []) {
          expect(Number(now.player_id), table).toBe(actor.id);
          const moved = Object.keys(now).filter((k) => JSON.stringify(now[k]) !== JSON.stringify(old[k]));
          expect(moved.sort(), table).toEqual([...allowed].sort());
        }
      }
      // Notifications: a write may move only the caller's own rows, and only the columns it is for.
      const allowedNotification = write.changes?.notifications ?? [];
      for (const { before: old, after: now } of d.changed.notifications ?? []) {
        expect(Number(now.player_id), 'notifications').toBe(actor.id);
        const moved = Object.keys(now).filter((k) => JSON.stringify(now[k]) !== JSON.stringify(old[k]));
        expect(
          moved.filter((k) => !allowedNotification.includes(k)),
          'notifications',
        ).toEqual([]);
      }
    });
  }
});
