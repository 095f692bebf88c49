/**
 * The rules written in both languages answer one table of cases (decision 041, packages/core/src/rules/
 * twin-cases.ts): each case runs through the TypeScript rule and through its SQL twin on this engine's database,
 * and both must give the table's answer. The payout and the play limit are the functions of
 * db/functions/rules.sql; the win condition is the settlement's SQL expression (results/outcome-sql.ts) over a
 * bid row, with the declared values the server passes it.
 */
import { describe, expect, it } from 'vitest';
import { payoutPaise } from '@gama/core/rules/money';
import { overPlayLimit } from '@gama/core/rules/responsible-play';
import type { ResultRevision, SettlementOutcome } from '@gama/core/rules/settlement';
import { BET_TYPE_IDS, getBetType } from '@gama/core/rules/bet-types';
import { evaluateBid, settlingHalf } from '@gama/core/rules/settlement';
import { twinCases } from '@gama/core/rules/twin-cases';
import type { ResultParams } from '../src/modules/results/outcome-sql.ts';
import {
  galiParams,
  mainParams,
  PAYOUT_SQL,
  paramValues,
  starlineParams,
  wonExpression,
} from '../src/modules/results/outcome-sql.ts';
import { suiteDatabase } from './db.ts';

const db = suiteDatabase();

/** The values a declaration passes to the settlement's SQL, as results/service.ts derives them. */
function paramsOf(result: ResultRevision): ResultParams {
  if (result.group === 'starline') return starlineParams(result.pana ?? '');
  if (result.group === 'gali') return galiParams(result.result ?? '');
  return mainParams(result.openPana ?? '', result.closePana);
}

const label = (o: object) => JSON.stringify(o);

/** What one SQL function call answers on this engine, for the given arguments. */
async function sqlAnswer(call: string, args: readonly unknown[]): Promise<unknown> {
  const { rows } = await db.query<{ answer: unknown }>(`SELECT ${call} AS answer`, [...args]);
  return rows[0]?.answer;
}

describe('rules written in TypeScript and SQL give the same answers', () => {
  it('payout (gama_payout, payoutPaise)', async () => {
    for (const c of twinCases.payout) {
      const args = [c.points, c.val1, c.val2] as const;
      expect(payoutPaise(...args), label(c)).toBe(c.paise);
      expect(await sqlAnswer('gama_payout($1::bigint, $2::integer, $3::integer)', args), label(c)).toBe(
        c.paise,
      );
    }
  });

  it('play limits (gama_over_play_limit, overPlayLimit)', async () => {
    for (const c of twinCases.playLimit) {
      const args = [c.cost, c.limit, c.used] as const;
      expect(overPlayLimit(...args), label(c)).toBe(c.over);
      expect(
        await sqlAnswer('gama_over_play_limit($1::bigint, $2::bigint, $3::bigint)', args),
        label(c),
      ).toBe(c.over);
    }
  });

  it("the half a bid row settles in (gama_settle_half, the bids' settle_half column, settlingHalf)", async () => {
    // The column's own expression, read from the catalog, so the bid function's judgement (which half is decided
    // already?) and the rows it then writes cannot disagree.
    const { rows: expr } = await db.query<{ expr: string }>(
      `SELECT pg_get_expr(d.adbin, d.adrelid) AS expr FROM pg_attrdef d
         JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum
        WHERE d.adrelid = 'bids'::regclass AND a.attname = 'settle_half'`,
    );
    const column = expr[0]?.expr;
    expect(column).toContain('CASE');
    let compared = 0;
    for (const betType of BET_TYPE_IDS) {
      const group = getBetType(betType).group;
      for (const session of ['open', 'close'] as const) {
        const half = settlingHalf(betType, session);
        const { rows } = await db.query<{ fn: string; col: string }>(
          `SELECT gama_settle_half($1, $2, $3) AS fn, ${column ?? 'NULL'} AS col
             FROM (VALUES ($1::text, $2::text, $3::text)) AS b (grp, session, bet_type)`,
          [group, session, betType],
        );
        const label = JSON.stringify({ betType, session });
        expect(rows[0]?.fn, label).toBe(rows[0]?.col);
        expect(rows[0]?.fn, label).toBe(group === 'main' ? half : 'single');
        compared++;
      }
    }
    expect(compared).toBe(BET_TYPE_IDS.length * 2);
  });

  it("a bid's outcome on a declared result (the settlement's SQL, evaluateBid)", async () => {
    for (const c of twinCases.win) {
      expect(evaluateBid(c.bid, c.result), label(c)).toEqual(c.outcome);
      const { rows } = await db.query<{ won: boolean; payout: number }>(
        `SELECT ${wonExpression(8)} AS won, ${PAYOUT_SQL} AS payout
           FROM (VALUES ($1::text, $2::text, $3::text, $4::text, $5::bigint, $6::integer, $7::integer))
                AS b (bet_type, session, digits, close_digits, points, rate_val_1, rate_val_2)`,
        [
          c.bid.betType,
          c.bid.session,
          c.bid.digits,
          c.bid.closeDigits,
          c.bid.points,
          c.bid.rateVal1,
          c.bid.rateVal2,
          ...paramValues(paramsOf(c.result)),
        ],
      );
      const row = rows[0];
      const sql: SettlementOutcome | undefined =
        row === undefined
          ? undefined
          : row.won
            ? { outcome: 'won', payoutPaise: row.payout }
            : { outcome: 'lost' };
      expect(sql, label(c)).toEqual(c.outcome);
    }
  });

  it('the table covers every rule with winners and losers, so neither side can pass by answering one way', () => {
    expect(new Set(twinCases.playLimit.map((c) => c.over))).toEqual(new Set([true, false]));
    expect(new Set(twinCases.win.map((c) => c.outcome.outcome))).toEqual(new Set(['won', 'lost']));
    expect(new Set(twinCases.win.map((c) => c.result.group))).toEqual(new Set(['main', 'starline', 'gali']));
  });
});
