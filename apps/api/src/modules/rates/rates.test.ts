import { describe, expect, it } from 'vitest';
import { snapshot, suiteApp } from '../../../test/helpers.ts';
import type { Json } from '../../../test/console.ts';
import { auditRowsOf, call, newOperator, signIn } from '../../../test/console.ts';
import { balanceOf, fund, operatorToken } from '../../../test/money.ts';
import { demoRates, seedMarket } from '../../seed/markets.ts';
import { rateMessages } from '@gama/core/endpoints/rates/index';
import { declareHalf, postSingleDigit } from '../../../test/desk.ts';

const IST = (hhmm: string, day = '2026-11-20') => `${day}T${hhmm}:00+05:30`;
const BID_DATE = '20-November-2026';

let owner: string;
const t = suiteApp({ now: IST('09:00'), ledger: true }, async () => {
  owner = await signIn(t, await newOperator(t, 'owner'));
});

interface RateVersionJson {
  version: number;
  rates: Record<string, [number, number]>;
  changed: string[];
  at: string;
  operator_id: number | null;
  username: string | null;
}
type RatesJson = Json & {
  group: string;
  fields: { field: string; label: string }[];
  current: { version: number; rates: Record<string, [number, number]> };
  history: RateVersionJson[];
  total_versions: number;
};
type ChangeJson = Json & { group: string; version: RateVersionJson };

// The suite moves the clock by hours; its operators are taken to have kept the console open.
const keepSignedIn = () =>
  t.db.query('UPDATE operator_sessions SET last_seen_at = $1 WHERE revoked_at IS NULL', [t.clock.now()]);
const read = async (group: string, token = owner) => {
  await keepSignedIn();
  return call<RatesJson>(t, 'GET', `/admin-api/rates?group=${group}`, { token });
};
const change = async (body: Record<string, unknown>, token = owner) => {
  await keepSignedIn();
  return call<ChangeJson>(t, 'POST', '/admin-api/rates', { token }, body);
};
const playerRates = async (path: string) =>
  (await t.post<{ game_rates: Record<string, string>[] }>(path)).json.game_rates[0];

describe('rates, versioned', () => {
  it("answer each group's rates in force with the names the player app shows, the seed as version 1", async () => {
    const gali = await read('gali');
    expect(gali.statusCode).toBe(200);
    expect(gali.json.fields).toEqual([
      { field: 'single_digit', label: 'Left Digit' },
      { field: 'single_pana', label: 'Right Digit' },
      { field: 'double_pana', label: 'Jodi Digit' },
    ]);
    expect(gali.json.current).toEqual({ version: 1, rates: demoRates.gali });
    expect(gali.json.history).toEqual([
      {
        version: 1,
        rates: demoRates.gali,
        changed: expect.arrayContaining(Object.keys(demoRates.gali)) as unknown,
        at: new Date(IST('09:00')).toISOString(),
        operator_id: null,
        username: null,
      },
    ]);
    const main = await read('main');
    expect(main.json.fields.map((f) => f.label)).toEqual([
      'Single Digit',
      'Jodi Digit',
      'Single Pana',
      'Double Pana',
      'Triple Pana',
      'Half Sangam',
      'Full Sangam',
    ]);
    expect(main.json.current.rates).toEqual(demoRates.main);
  });

  it('a change is a new version with who and when, reaches the player app at once, and is audited before and after', async () => {
    // The player app reads the rates first, so the market cache holds the old ones.
    expect(await playerRates('/api-starline-game-rates')).toMatchObject({
      single_digit_val_1: '10',
      single_digit_val_2: '95',
    });
    t.clock.set(IST('09:05'));
    const res = await change({
      group: 'starline',
      rates: { single_digit: [10, 90], double_pana: [10, 2700] },
    });
    expect(res.statusCode).toBe(200);
    const op = await t.db.query<{ id: number; username: string }>(
      `SELECT o.id, o.username FROM operators o ORDER BY id DESC LIMIT 1`,
    );
    const expected = {
      version: 2,
      rates: { ...demoRates.starline, single_digit: [10, 90], double_pana: [10, 2700] },
      changed: ['single_digit', 'double_pana'],
      at: new Date(IST('09:05')).toISOString(),
      operator_id: op.rows[0]?.id,
      username: op.rows[0]?.username,
    };
    expect(res.json).toEqual({ status: true, group: 'starline', version: expected });
    expect(await playerRates('/api-starline-game-rates')).toMatchObject({
      single_digit_val_1: '10',
      single_digit_val_2: '90',
      double_pana_val_2: '2700',
      single_pana_val_2: '1400',
    });
    const after = await read('starline');
    expect(after.json.current).toEqual({ version: 2, rates: expected.rates });
    expect(after.json.history.map((v) => v.version)).toEqual([2, 1]);
    expect(after.json.history[0]).toEqual(expected);
    expect(after.json.history[1]?.rates).toEqual(demoRates.starline);
    expect(after.json.total_versions).toBe(2);
    // Other groups are untouched.
    expect((await read('main')).json.current).toEqual({ version: 1, rates: demoRates.main });

    const [row] = await auditRowsOf(t, 'rates_update');
    expect(row).toMatchObject({
      operator_id: op.rows[0]?.id,
      target_id: 'starline',
      before_state: demoRates.starline,
      after_state: expected.rates,
      detail: { version: 2, changed: ['single_digit', 'double_pana'] },
    });
  });

  it('never alter a placed bid: bids before a change pay the old rate, bids after it the new one', async () => {
    t.clock.set(IST('11:00'));
    const cashier = await operatorToken(t, 'owner');
    const market = await seedMarket(t.db, { name: 'FROZEN', open: '01:00 PM', close: '03:00 PM' });
    const player = await t.player();
    await fund(t, player, cashier, 1000);
    const bid = async () => {
      const res = await postSingleDigit(t, player, market, BID_DATE, {
        digits: '6',
        points: 10,
        session: 'open',
      });
      expect(res.statusCode, res.raw).toBe(200);
    };
    await bid();
    expect((await change({ group: 'main', rates: { single_digit: [10, 80] } })).statusCode).toBe(200);
    await bid();
    expect((await change({ group: 'main', rates: { single_digit: [10, 99] } })).statusCode).toBe(200);
    const { rows: bids } = await t.db.query<{ id: number; rate_val_1: number; rate_val_2: number }>(
      'SELECT id, rate_val_1, rate_val_2 FROM bids WHERE market_id = $1 ORDER BY id',
      [market],
    );
    expect(bids.map((b) => [b.rate_val_1, b.rate_val_2])).toEqual([
      [10, 95],
      [10, 80],
    ]);
    t.clock.set(IST('13:05'));
    const declared = await declareHalf(t, cashier, market, '2026-11-20', 'open', '123');
    expect(declared.statusCode, JSON.stringify(declared.json)).toBe(200);
    const { rows: outcomes } = await t.db.query<{ status: string; payout: number }>(
      'SELECT status, payout FROM bid_outcomes WHERE market_id = $1 ORDER BY id',
      [market],
    );
    // 10 points at 10-95 and at 10-80, in paise; the version in force at the declaration (10-99) pays neither.
    expect(outcomes).toEqual([
      { status: 'won', payout: 9_500 },
      { status: 'won', payout: 8_000 },
    ]);
    expect(await balanceOf(t, player.id)).toBe((1000 - 20 + 95 + 80) * 100);
  });

  it('refuse bad rates with a clear message, changing nothing', async () => {
    const tables = ['game_rates', 'rate_versions', 'audit_log'];
    const before = await snapshot(t.db, tables);
    const cases: [Record<string, unknown>, string][] = [
      [
        { group: 'main', rates: { single_digit: [10, 10] } },
        'Single Digit: the payout (val_2) must be more than the stake (val_1)',
      ],
      [
        { group: 'main', rates: { jodi_digit: [0, 950] } },
        'Jodi Digit: val_1 (the stake) must be a whole number from 1 to 1,000',
      ],
      [
        { group: 'main', rates: { jodi_digit: [10.5, 950] } },
        'Jodi Digit: val_1 (the stake) must be a whole number from 1 to 1,000',
      ],
      [
        { group: 'main', rates: { jodi_digit: [10, -5] } },
        'Jodi Digit: val_2 (the payout) must be a whole number from 1 to 10,00,00,000',
      ],
      [
        { group: 'main', rates: { full_sangam: [1, 200_000] } },
        'Full Sangam: a rate pays at most 1,00,000 times the stake',
      ],
      [{ group: 'main', rates: { single_pana: [10] } }, 'Single Pana: send the rate as [val_1, val_2]'],
      [
        { group: 'main', rates: { single_pana: '10-1400' } },
        'Each rate is a pair [val_1, val_2] of whole numbers',
      ],
      [
        { group: 'main', rates: { single_pana: ['10', '1400'] } },
        'Each rate is a pair [val_1, val_2] of whole numbers',
      ],
      [
        { group: 'gali', rates: { single_digit: [10, 1] } },
        'Left Digit: the payout (val_2) must be more than the stake (val_1)',
      ],
      [
        { group: 'starline', rates: { jodi_digit: [10, 950] } },
        'jodi_digit is not a rate of starline markets; they are single_digit, single_pana, double_pana, tripple_pana',
      ],
      [{ group: 'main', rates: {} }, 'Send at least one rate to change'],
      [{ group: 'disawar', rates: { single_digit: [10, 95] } }, 'group must be main, starline or gali'],
      [
        { group: 'main', rates: { single_digit: [10, 95] }, base_version: -1 },
        'base_version must be 0 or more',
      ],
      [{ group: 'main', rates: { single_digit: [10, 99] } }, rateMessages.unchanged],
    ];
    for (const [body, msg] of cases) {
      const res = await change(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      // The schema's refusals are VALIDATION; the service's own have their codes.
      const code = msg === rateMessages.unchanged ? 'RATES_UNCHANGED' : 'VALIDATION';
      expect(res.json).toEqual({ status: false, code, msg });
    }
    const extra = await change({ group: 'main', rates: { single_digit: [10, 90] }, betting: true });
    expect(extra.statusCode).toBe(400);
    const query = await read('nowhere');
    expect(query.json).toEqual({
      status: false,
      code: 'VALIDATION',
      msg: 'group must be main, starline or gali',
    });
    expect(await snapshot(t.db, tables)).toEqual(before);
  });

  it('refuse a change made against a version no longer in force (409), and number simultaneous changes one after the other', async () => {
    const { json } = await read('gali');
    const base = json.current.version;
    const tables = ['game_rates', 'rate_versions'];
    const stale = await change({ group: 'gali', rates: { double_pana: [10, 900] }, base_version: base - 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json).toEqual({ status: false, code: 'RATES_STALE', msg: rateMessages.stale(base) });

    // Two operators with the same page open: one wins, the other hears it was changed meanwhile.
    const before = await snapshot(t.db, tables);
    const racing = await Promise.all([
      change({ group: 'gali', rates: { double_pana: [10, 900] }, base_version: base }),
      change({ group: 'gali', rates: { double_pana: [10, 920] }, base_version: base }),
    ]);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = racing.find((r) => r.statusCode === 200)?.json.version;
    expect(winner?.version).toBe(base + 1);
    const now = await read('gali');
    expect(now.json.current).toEqual({ version: base + 1, rates: winner?.rates });
    expect((await snapshot(t.db, ['rate_versions'])).rate_versions).toHaveLength(
      (before.rate_versions?.length ?? 0) + 1,
    );

    // Without a base version both changes land, as consecutive versions; the set in force is the later one.
    const both = await Promise.all([
      change({ group: 'gali', rates: { single_pana: [10, 91] } }),
      change({ group: 'gali', rates: { single_digit: [10, 92] } }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both.map((r) => r.json.version.version).sort()).toEqual([base + 2, base + 3]);
    const last = both.find((r) => r.json.version.version === base + 3)?.json.version;
    expect(last?.rates).toEqual({ ...winner?.rates, single_pana: [10, 91], single_digit: [10, 92] });
    expect((await read('gali')).json.current.rates).toEqual(last?.rates);
  });

  it('keep the history append-only', async () => {
    await expect(t.db.query('UPDATE rate_versions SET rates = $1::jsonb', ['{}'])).rejects.toThrow(
      /append-only/,
    );
    await expect(t.db.query('DELETE FROM rate_versions')).rejects.toThrow(/append-only/);
  });

  it('are read with markets.read and changed with rates.manage only', async () => {
    const results = await signIn(t, await newOperator(t, 'results'));
    const viewer = await signIn(t, await newOperator(t, 'viewer'));
    const cashier = await signIn(t, await newOperator(t, 'cashier'));
    const before = await snapshot(t.db, ['game_rates', 'rate_versions']);
    for (const token of [results, viewer, cashier]) {
      expect((await read('main', token)).statusCode).toBe(200);
      const res = await change({ group: 'main', rates: { single_digit: [10, 50] } }, token);
      expect(res.statusCode).toBe(403);
      expect(res.json.msg).toBe('You do not have permission to change rates');
    }
    const stranger = await call(t, 'GET', '/admin-api/rates?group=main');
    expect(stranger.statusCode).toBe(401);
    expect(await snapshot(t.db, ['game_rates', 'rate_versions'])).toEqual(before);
  });
});
