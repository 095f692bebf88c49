import type { CapExposureAnswer, CapsAnswer } from '@gama/core/endpoints/risk/index';
import { bidMessages } from '@gama/core/rules/messages';
import { describe, expect, it } from 'vitest';
import type { ApiBody, TestApp } from '../../../test/helpers.ts';
import { snapshot, suiteApp } from '../../../test/helpers.ts';
import { engine } from '../../../test/db.ts';
import { admin, balanceOf, expectLedgerClean, fund, operatorToken } from '../../../test/money.ts';
import { seedMarket } from '../../seed/markets.ts';

// 2026-11-20 is a Friday. The test market opens 01:00 PM and closes 03:00 PM, Asia/Kolkata.
const BID_DATE = '20-November-2026';
const DAY = '2026-11-20';
// Single Digit pays 95 for 10 (the seeded main rates): a 10-point bid would cost the house 95 points.
const TEN_POINTS_PAY = 9_500;

let owner: string;
let market: number;
const t = suiteApp({ now: `${DAY}T12:00:00+05:30`, ledger: true }, async () => {
  owner = await operatorToken(t);
  market = await draw('CAP BAZAR');
});

type Player = Awaited<ReturnType<TestApp['player']>>;
type BidAnswer = ApiBody & {
  wallet_amt: string;
  bid_count: number;
  total_points: number;
  refused?: { session: string; digits: string; closedigits: string; points: number; msg: string }[];
};

function submit(p: Player, pana: string, result: Record<string, unknown>[], marketId = market) {
  return t.post<BidAnswer>(
    '/api-submit-bid',
    { game_id: marketId, new_result: { pana, bid_date: BID_DATE, result } },
    { token: p.token },
  );
}

async function funded(points = 1000): Promise<Player> {
  const p = await t.player();
  await fund(t, p, owner, points);
  return p;
}

/** A market of its own per test, open 01:00 PM to 03:00 PM, so each test starts with no exposure. */
function draw(name: string): Promise<number> {
  return seedMarket(t.db, { name, open: '01:00 PM', close: '03:00 PM', daysOff: [0] });
}

/** Players with 100 points each, so every bid of a storm comes from its own wallet (no queue on one). */
async function crowd(n: number): Promise<Player[]> {
  return Promise.all(Array.from({ length: n }, () => funded(100)));
}

/** The storms sign in and fund 50 players first (password hashing is most of it): more than the default 30 s. */
const STORM_MS = 180_000;

function setCaps(caps: Record<string, number | null>, token = owner, group = 'main') {
  return admin<CapsAnswer & ApiBody>(t, token, 'PATCH', '/admin-api/caps', { group, caps });
}

async function exposureOf(marketId: number, digits: string, rateField = 'single_digit', session = 'open') {
  const { rows } = await t.db.query<{ payout: number }>(
    `SELECT payout FROM number_exposure WHERE market_id = $1 AND market_date = $2::date AND rate_field = $3
        AND session = $4 AND digits = $5`,
    [marketId, DAY, rateField, session, digits],
  );
  return rows[0]?.payout ?? 0;
}

async function payoutOnNumber(marketId: number, digits: string): Promise<number> {
  const { rows } = await t.db.query<{ sum: number | null }>(
    `SELECT sum((points * 100 * rate_val_2) / rate_val_1)::bigint AS sum FROM bids
      WHERE market_id = $1 AND rate_field = 'single_digit' AND session = 'open' AND digits = $2`,
    [marketId, digits],
  );
  return rows[0]?.sum ?? 0;
}

describe('setting caps', () => {
  it('an owner sets and removes caps per group and rate field; each change is audited', async () => {
    const before = await admin<CapsAnswer>(t, owner, 'GET', '/admin-api/caps?group=starline');
    expect(before.statusCode).toBe(200);
    expect(before.json.caps.map((c) => c.cap_paise)).toEqual(before.json.caps.map(() => null));
    expect(before.json.caps.map((c) => c.label)).toContain('Single Pana');

    const set = await setCaps({ single_digit: 500_000, single_pana: 2_000_000 }, owner, 'starline');
    expect(set.statusCode).toBe(200);
    const byField = new Map(set.json.caps.map((c) => [c.rate_field, c]));
    expect(byField.get('single_digit')?.cap_paise).toBe(500_000);
    expect(byField.get('single_digit')?.username).toMatch(/owner/);
    expect(byField.get('single_pana')?.cap_paise).toBe(2_000_000);

    const removed = await setCaps({ single_pana: null }, owner, 'starline');
    expect(removed.json.caps.find((c) => c.rate_field === 'single_pana')?.cap_paise).toBeNull();

    const { rows } = await t.db.query<{ before_state: unknown; after_state: unknown }>(
      `SELECT before_state, after_state FROM audit_log WHERE action = 'caps_update' AND target_id = 'starline'
        ORDER BY id`,
    );
    expect(rows).toEqual([
      { before_state: {}, after_state: { single_digit: 500_000, single_pana: 2_000_000 } },
      {
        before_state: { single_digit: 500_000, single_pana: 2_000_000 },
        after_state: { single_digit: 500_000 },
      },
    ]);
  });

  it('refuses an unknown field, a bad amount, a change that changes nothing, and roles other than owner', async () => {
    const unknown = await setCaps({ jodi_digit: 100 }, owner, 'starline');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json.msg).toMatch(/jodi_digit is not a bet type of starline markets/);
    for (const bad of [0, -5, 1.5]) {
      const res = await setCaps({ single_digit: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json.msg).toMatch(/A cap is a whole number of paise/);
    }
    const same = await setCaps({ single_digit: 500_000 }, owner, 'starline');
    expect(same.statusCode).toBe(400);
    expect(same.json.msg).toBe('These caps are already in force; nothing changed');
    for (const role of ['results', 'cashier', 'support', 'viewer'] as const) {
      const res = await setCaps({ single_digit: 100 }, await operatorToken(t, role));
      expect(res.statusCode).toBe(403);
    }
    await setCaps({ single_digit: null }, owner, 'starline');
  });
});

describe(`bids against a cap on ${engine}`, () => {
  it('accepts a bid that takes the number exactly to its cap and refuses one paisa over', async () => {
    const m = await draw('EDGE BAZAR');
    // Two 10-point bids would owe 2 x 9500; the cap is one paisa less.
    expect((await setCaps({ single_digit: 2 * TEN_POINTS_PAY - 1 })).statusCode).toBe(200);
    const p = await funded();
    const first = await submit(p, 'Single Digit', [{ digits: '4', points: 10, session: 'Open' }], m);
    expect(first.statusCode).toBe(200);
    expect(first.json.refused).toBeUndefined();

    const tables = ['accounts', 'journals', 'entries', 'bids', 'number_exposure'] as const;
    const untouched = await snapshot(t.db, tables);
    const over = await submit(p, 'Single Digit', [{ digits: '4', points: 10, session: 'Open' }], m);
    expect(over.statusCode).toBe(400);
    expect(over.json.msg).toBe('Limit reached for 4');
    expect(await snapshot(t.db, tables)).toEqual(untouched);
    expect(await exposureOf(m, '4')).toBe(TEN_POINTS_PAY);

    // The same number in the other session is another number of the draw.
    const close = await submit(p, 'Single Digit', [{ digits: '4', points: 10, session: 'Close' }], m);
    expect(close.statusCode).toBe(200);

    expect((await setCaps({ single_digit: 2 * TEN_POINTS_PAY })).statusCode).toBe(200);
    const atCap = await submit(p, 'Single Digit', [{ digits: '4', points: 10, session: 'Open' }], m);
    expect(atCap.statusCode).toBe(200);
    expect(await exposureOf(m, '4')).toBe(2 * TEN_POINTS_PAY);
    expect(await payoutOnNumber(m, '4')).toBe(2 * TEN_POINTS_PAY);
    expect(await balanceOf(t, p.id)).toBe(100_000 - 3 * 1_000);
    await setCaps({ single_digit: null });
  });

  it('places the other rows of a slip when one row reaches its cap, and charges only for them', async () => {
    const m = await draw('SLIP BAZAR');
    await setCaps({ single_digit: TEN_POINTS_PAY });
    const p = await funded();
    expect(
      (await submit(p, 'Single Digit', [{ digits: '7', points: 10, session: 'Open' }], m)).statusCode,
    ).toBe(200);
    const slip = await submit(
      p,
      'Single Digit',
      [
        { digits: '6', points: 10, session: 'Open' },
        { digits: '7', points: 10, session: 'Open' },
        { digits: '8', points: 10, session: 'Open' },
      ],
      m,
    );
    expect(slip.statusCode).toBe(200);
    expect(slip.json).toMatchObject({
      status: true,
      msg: 'Bid Successfully Submitted. Limit reached for 7',
      bid_count: 2,
      total_points: 20,
      wallet_amt: '970',
      refused: [{ session: 'open', digits: '7', closedigits: '', points: 10, msg: 'Limit reached for 7' }],
    });
    const { rows } = await t.db.query<{ digits: string }>(
      'SELECT digits FROM bids WHERE player_id = $1 ORDER BY digits',
      [p.id],
    );
    expect(rows.map((r) => r.digits)).toEqual(['6', '7', '8']);
    expect(await balanceOf(t, p.id)).toBe(97_000);

    // A slip whose every row is refused is refused as a whole, with the first number's message.
    const none = await submit(p, 'Single Digit', [{ digits: '7', points: 10, session: 'Open' }], m);
    expect(none.statusCode).toBe(400);
    expect(none.json.msg).toBe('Limit reached for 7');

    // The desk's view: numbers nearest their cap first, with the share used.
    const desk = await admin<CapExposureAnswer>(
      t,
      owner,
      'GET',
      `/admin-api/caps/exposure?market_id=${m}&date=${DAY}`,
    );
    expect(desk.statusCode).toBe(200);
    expect(desk.json.total).toBe(3);
    expect(desk.json.at_cap).toBe(3);
    expect(desk.json.rows[0]).toEqual({
      rate_field: 'single_digit',
      label: 'Single Digit',
      session: 'open',
      number: '6',
      payout_paise: TEN_POINTS_PAY,
      cap_paise: TEN_POINTS_PAY,
      used_percent: 100,
    });
    await setCaps({ single_digit: null });
  });

  it('counts motor rows with the pana rate they pay as', async () => {
    const m = await draw('MOTOR BAZAR');
    const p = await funded();
    await setCaps({ single_pana: 1_000_000 });
    const pana = await submit(p, 'Single Pana', [{ digits: '123', points: 10, session: 'Open' }], m);
    expect(pana.statusCode).toBe(200);
    const one = await exposureOf(m, '123', 'single_pana');
    expect(one).toBeGreaterThan(0);
    await setCaps({ single_pana: one });
    // SP Motor 123 is the single pana 123 only: it would take that number past its cap.
    const motor = await submit(p, 'SP Motor', [{ digits: '123', points: 10, session: 'Open' }], m);
    expect(motor.statusCode).toBe(400);
    expect(motor.json.msg).toBe('Limit reached for 123');
    await setCaps({ single_pana: null });
  });

  it('keeps no exposure row for a number without a cap; a cap set later counts the bids already placed', async () => {
    const m = await draw('LATE CAP BAZAR');
    const [a, b] = [await funded(), await funded()];
    for (const p of [a, b, a])
      expect(
        (await submit(p, 'Single Digit', [{ digits: '5', points: 10, session: 'Open' }], m)).statusCode,
      ).toBe(200);
    // Uncapped, the bids on 5 took no row (and so waited for no other bid); the desk sums them from the bids.
    expect(await exposureOf(m, '5')).toBe(0);
    const desk = await admin<CapExposureAnswer>(
      t,
      owner,
      'GET',
      `/admin-api/caps/exposure?market_id=${m}&date=${DAY}`,
    );
    expect(desk.json.rows).toEqual([
      {
        rate_field: 'single_digit',
        label: 'Single Digit',
        session: 'open',
        number: '5',
        payout_paise: 3 * TEN_POINTS_PAY,
        cap_paise: null,
        used_percent: null,
      },
    ]);
    // A cap of four bids' payout, set after three: the cap meets what the draw already owes, so one more fits
    // and the fifth is refused.
    expect((await setCaps({ single_digit: 4 * TEN_POINTS_PAY })).statusCode).toBe(200);
    expect(await exposureOf(m, '5')).toBe(3 * TEN_POINTS_PAY);
    expect(
      (await submit(b, 'Single Digit', [{ digits: '5', points: 10, session: 'Open' }], m)).statusCode,
    ).toBe(200);
    const over = await submit(a, 'Single Digit', [{ digits: '5', points: 10, session: 'Open' }], m);
    expect(over.statusCode).toBe(400);
    expect(over.json.msg).toBe('Limit reached for 5');
    expect(await exposureOf(m, '5')).toBe(await payoutOnNumber(m, '5'));
    // Removed and set again: the bids placed meanwhile without a cap are counted too.
    await setCaps({ single_digit: null });
    expect(
      (await submit(a, 'Single Digit', [{ digits: '5', points: 10, session: 'Open' }], m)).statusCode,
    ).toBe(200);
    await setCaps({ single_digit: 5 * TEN_POINTS_PAY });
    expect(await exposureOf(m, '5')).toBe(5 * TEN_POINTS_PAY);
    expect(
      (await submit(b, 'Single Digit', [{ digits: '5', points: 10, session: 'Open' }], m)).statusCode,
    ).toBe(400);
    await setCaps({ single_digit: null });
  });

  it(
    `50 concurrent bids on one number never jointly pass its cap on ${engine}`,
    async () => {
      const m = await draw('RUSH BAZAR');
      await setCaps({ single_digit: 10 * TEN_POINTS_PAY });
      const players = await crowd(50);
      const results = await Promise.all(
        players.map((p) => submit(p, 'Single Digit', [{ digits: '3', points: 10, session: 'Open' }], m)),
      );
      const placed = results.filter((r) => r.statusCode === 200);
      expect(placed).toHaveLength(10);
      expect(results.filter((r) => r.json.msg === 'Limit reached for 3')).toHaveLength(40);
      expect(await payoutOnNumber(m, '3')).toBe(10 * TEN_POINTS_PAY);
      expect(await exposureOf(m, '3')).toBe(10 * TEN_POINTS_PAY);
      await setCaps({ single_digit: null });
      await expectLedgerClean(t);
    },
    STORM_MS,
  );

  it(
    '50 concurrent slips over two numbers in opposite orders: no deadlock, neither cap passed',
    async () => {
      const m = await draw('CROSS BAZAR');
      await setCaps({ single_digit: 20 * TEN_POINTS_PAY });
      const players = await crowd(50);
      const results = await Promise.all(
        players.map((p, i) => {
          const rows = [
            { digits: '1', points: 10, session: 'Open' },
            { digits: '2', points: 10, session: 'Open' },
          ];
          return submit(p, 'Single Digit', i % 2 === 0 ? rows : rows.reverse(), m);
        }),
      );
      expect(
        results.every((r) => r.statusCode === 200 || /^Limit reached for [12]$/.test(r.json.msg ?? '')),
      ).toBe(true);
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(20);
      expect(await payoutOnNumber(m, '1')).toBe(20 * TEN_POINTS_PAY);
      expect(await payoutOnNumber(m, '2')).toBe(20 * TEN_POINTS_PAY);
      await setCaps({ single_digit: null });
    },
    STORM_MS,
  );

  it('refuses a slip the wallet cannot pay for, leaving its numbers untouched', async () => {
    const m = await draw('POOR BAZAR');
    const p = await funded(100);
    const res = await submit(p, 'Single Digit', [{ digits: '9', points: 200, session: 'Open' }], m);
    expect(res.statusCode).toBe(400);
    expect(res.json.msg).toBe(bidMessages.insufficientAmount);
    expect(await exposureOf(m, '9')).toBe(0);
  });
});
