/** The legacy result fields of every market list, from the live declarations of recent market days. */
import type { MarketGroup } from '@gama/core/rules/bet-types';
import { galiLegacyFields, mainLegacyFields, starlineLegacyFields } from '@gama/core/rules/results';
import { zonedParts } from '@gama/core/rules/time';
import type { Queryable } from '../../db/database.ts';
import type { ResultFields } from '../markets/list.ts';

export async function resultSource(db: Queryable, group: MarketGroup, now: Date): Promise<ResultFields> {
  const { rows } = await db.query<{ market_id: number; market_date: string; half: string; value: string }>(
    `SELECT r.market_id, to_char(r.market_date, 'YYYY-MM-DD') AS market_date, r.half, r.value
       FROM results r JOIN markets m ON m.id = r.market_id
      WHERE m.grp = $1 AND r.reverted_at IS NULL AND r.market_date >= $2::date - 3`,
    [group, zonedParts(now, 'UTC').date],
  );
  const by = new Map<string, Map<string, string>>();
  for (const r of rows) {
    const key = `${r.market_id}:${r.market_date}`;
    const halves = by.get(key) ?? new Map<string, string>();
    halves.set(r.half, r.value);
    by.set(key, halves);
  }
  return (market, marketDate) => {
    const halves = by.get(`${market.id}:${marketDate}`);
    if (group === 'main') {
      return mainLegacyFields({
        openPana: halves?.get('open') ?? null,
        closePana: halves?.get('close') ?? null,
      });
    }
    const single = halves?.get('single') ?? null;
    return group === 'starline' ? starlineLegacyFields(single) : galiLegacyFields(single);
  };
}

export interface ChartDay {
  date: string;
  open: string | null;
  close: string | null;
}

/** A market's declared results for charts, oldest first. */
export async function chartDays(db: Queryable, marketId: number, weeks: number): Promise<ChartDay[]> {
  const { rows } = await db.query<{ market_date: string; half: string; value: string }>(
    `SELECT to_char(market_date, 'YYYY-MM-DD') AS market_date, half, value FROM results
      WHERE market_id = $1 AND reverted_at IS NULL
        AND market_date >= (SELECT max(market_date) FROM results WHERE market_id = $1 AND reverted_at IS NULL) - ($2::int * 7)
      ORDER BY market_date`,
    [marketId, weeks],
  );
  const days = new Map<string, ChartDay>();
  for (const r of rows) {
    const day = days.get(r.market_date) ?? { date: r.market_date, open: null, close: null };
    if (r.half === 'close') day.close = r.value;
    else day.open = r.value;
    days.set(r.market_date, day);
  }
  return [...days.values()];
}
