/**
 * The results import (issue 32 item 16): rows of past results go through the declaration's own checks and
 * settlement, are idempotent per market day, and the demo's past results give every demo market a chart.
 */
import { describe, expect, it } from 'vitest';
import { resultMessages } from '@gama/core/endpoints/results/index';
import { isPana } from '@gama/core/rules/panas';
import { suiteApp } from '../../../test/helpers.ts';
import { DATE, IST, placeBids } from '../../../test/desk.ts';
import { balanceOf, fund, operatorToken } from '../../../test/money.ts';
import { seedMarket } from '../../seed/markets.ts';
import type { Market } from '../markets/repository.ts';
import { pastResultRows, seedPastResults } from '../../seed/past-results.ts';
import { importMessages, importResults, importRow } from './import.ts';

let owner: string;

const t = suiteApp({ now: IST('09:00'), ledger: true }, async () => {
  owner = await operatorToken(t);
});

interface ChartAnswer {
  markets: {
    game_id: number;
    game_name: string;
    days?: { date: string; open: string | null; close: string | null }[];
  }[];
}
const chart = async (group: 'main' | 'starline' | 'gali', id?: number) =>
  (await t.post<ChartAnswer>('/api-market-chart', { group, ...(id === undefined ? {} : { game_id: id }) }))
    .json.markets;
const daysOf = async (group: 'main' | 'starline' | 'gali', id: number) =>
  (await chart(group, id))[0]?.days ?? [];

describe('results import', () => {
  it('checks each row as a declaration is checked, and refuses a day without a draw', async () => {
    // Sundays off; 2026-11-15 is a Sunday, 2026-11-16 a Monday.
    const main = await seedMarket(t.db, {
      name: 'IMPORT MAIN',
      open: '10:00 AM',
      close: '12:00 PM',
      daysOff: [0],
    });
    const star = await seedMarket(t.db, { group: 'starline', name: 'IMPORT STAR 10', open: '10:00 AM' });
    const gali = await seedMarket(t.db, { group: 'gali', name: 'IMPORT GALI', open: '11:00 AM' });
    const refused = (msg: string, half: string | null = null) => [{ state: 'refused', half, msg }];
    const cases: [Parameters<typeof importRow>[1], unknown][] = [
      [{ market_id: main, date: '16-11-2026', open: '123' }, refused(resultMessages.badDate)],
      [{ market_id: 999_999, date: '2026-11-16', open: '123' }, refused(resultMessages.marketNotFound)],
      [{ market_id: main, date: '2026-11-15', open: '123' }, refused(importMessages.noDraw)],
      [{ market_id: main, date: '2026-11-16', result: '123' }, refused(importMessages.mainValues)],
      [{ market_id: star, date: '2026-11-16', open: '123' }, refused(importMessages.singleValue)],
      [{ market_id: main, date: '2026-11-16' }, refused(importMessages.nothing)],
      [{ market_id: main, date: '2026-11-16', open: '132' }, refused(resultMessages.badPana, 'open')],
      [{ market_id: main, date: '2026-11-16', close: '123' }, refused(resultMessages.openFirst, 'close')],
      [{ market_id: gali, date: '2026-11-16', result: '7' }, refused(resultMessages.badGali, 'single')],
      [{ market_id: star, date: '2026-11-16', result: '12' }, refused(resultMessages.badPana, 'single')],
      // Today before the draw, and a day to come: bidding is still open.
      [{ market_id: main, date: DATE, open: '123' }, refused(resultMessages.tooEarly, 'open')],
      [{ market_id: gali, date: '2026-11-25', result: '45' }, refused(resultMessages.tooEarly, 'single')],
    ];
    for (const [row, expected] of cases)
      expect(await importRow(t.app.deps, row), JSON.stringify(row)).toEqual(expected);
    for (const [group, id] of [
      ['main', main],
      ['starline', star],
      ['gali', gali],
    ] as const)
      expect(await daysOf(group, id)).toEqual([]);
  });

  it('records a past day once: again it is unchanged, another value is refused and nothing is overwritten', async () => {
    const main = await seedMarket(t.db, { name: 'IMPORT TWICE', open: '10:00 AM', close: '12:00 PM' });
    const gali = await seedMarket(t.db, { group: 'gali', name: 'IMPORT GALI TWICE', open: '11:00 AM' });
    const rows = [
      { market_id: main, date: '2026-11-17', open: '123', close: '456' },
      { market_id: gali, date: '2026-11-17', result: '07' },
    ];
    const first = await importResults(t.app.deps, rows);
    expect(first.map((r) => r.outcomes.map((o) => [o.half, o.state]))).toEqual([
      [
        ['open', 'recorded'],
        ['close', 'recorded'],
      ],
      [['single', 'recorded']],
    ]);
    const again = await importResults(t.app.deps, rows);
    expect(again.map((r) => r.outcomes.map((o) => o.state))).toEqual([
      ['unchanged', 'unchanged'],
      ['unchanged'],
    ]);
    const other = await importRow(t.app.deps, {
      market_id: main,
      date: '2026-11-17',
      open: '123',
      close: '457',
    });
    expect(other).toEqual([
      { state: 'unchanged', half: 'open', result_id: expect.any(Number) as number },
      { state: 'refused', half: 'close', msg: resultMessages.alreadyDeclared },
    ]);
    // What players read: one day each, the first values.
    expect(await daysOf('main', main)).toEqual([{ date: '2026-11-17', open: '123', close: '456' }]);
    expect(await daysOf('gali', gali)).toEqual([{ date: '2026-11-17', open: '07', close: null }]);
    const { rows: live } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM results WHERE market_id = ANY($1::bigint[]) AND reverted_at IS NULL',
      [[main, gali]],
    );
    expect(live[0]?.n).toBe(3);
  });

  it('settles a draw that had bids through the declaration path, exactly once', async () => {
    const market = await seedMarket(t.db, { name: 'IMPORT BIDS', open: '10:00 AM', close: '12:00 PM' });
    const player = await t.player();
    await fund(t, player, owner, 500);
    await placeBids(t, player, 'main', market, 'Single Digit', [
      { digits: '6', points: 10, session: 'open' },
    ]);
    const before = await balanceOf(t, player.id);
    t.clock.set(IST('10:30'));
    const row = { market_id: market, date: DATE, open: '123' };
    expect(await importRow(t.app.deps, row)).toEqual([
      { state: 'recorded', half: 'open', result_id: expect.any(Number) as number, settled: 1 },
    ]);
    // Single Digit 6 on pana 123 (ank 6) pays 95 points for 10.
    expect(await balanceOf(t, player.id)).toBe(before + 9_500);
    expect((await importRow(t.app.deps, row))[0]?.state).toBe('unchanged');
    expect(await balanceOf(t, player.id)).toBe(before + 9_500);
  });
});

describe('the demo past results', () => {
  it('are the same rows on every install, on market days only', async () => {
    const { rows: markets } = await t.db.query<Market>(
      'SELECT id, grp, name, schedule, active, sort FROM markets ORDER BY grp, sort, id',
    );
    const rows = pastResultRows(markets, DATE, 14);
    expect(pastResultRows(markets, DATE, 14)).toEqual(rows);
    expect(pastResultRows(markets, DATE, 14, 33)).not.toEqual(rows);
    // TIME BAZAR rests on Sundays (2026-11-08 and 2026-11-15 in these two weeks).
    const timeBazar = markets.find((m) => m.name === 'TIME BAZAR');
    const dates = rows.filter((r) => r.market_id === timeBazar?.id).map((r) => r.date);
    expect(dates).toHaveLength(12);
    expect(dates).not.toContain('2026-11-15');
    expect(dates[0]).toBe('2026-11-06');
    expect(dates.at(-1)).toBe('2026-11-19');
  });

  it('give every demo market a chart with data, through the import; a second run records nothing', async () => {
    const recorded = await seedPastResults(t.app.deps, 7);
    expect(recorded).toBeGreaterThan(7 * 30);
    for (const group of ['main', 'starline', 'gali'] as const) {
      for (const market of await chart(group)) {
        if (market.game_name.startsWith('IMPORT')) continue;
        const days = await daysOf(group, market.game_id);
        expect(days.length, market.game_name).toBeGreaterThanOrEqual(6);
        for (const day of days) {
          expect(day.date < DATE).toBe(true);
          if (group === 'gali') expect(day.open).toMatch(/^\d{2}$/);
          else expect(isPana(day.open ?? ''), `${market.game_name} ${day.date}`).toBe(true);
          if (group === 'main') expect(isPana(day.close ?? '')).toBe(true);
        }
      }
    }
    expect(await seedPastResults(t.app.deps, 7)).toBe(0);
  });
});
