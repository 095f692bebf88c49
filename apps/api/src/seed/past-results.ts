/**
 * A demo install's past results (issue 32 item 16): a few weeks of results for every demo market, so the charts
 * and the results history read like a market that has been running. They go through the results import, the
 * path a real chart import takes, and are drawn from a seeded generator: every install shows the same days.
 * Only the development start (`npm start`) brings them; production and test servers start with none.
 */
import { ALL_PANAS } from '@gama/core/rules/panas';
import { addDays } from '@gama/core/rules/dates';
import { randomDigits } from '@gama/core/rules/measures';
import { noDrawReason } from '@gama/core/rules/schedule';
import { zonedParts } from '@gama/core/rules/time';
import type { Deps } from '../deps.ts';
import type { Market } from '../modules/markets/repository.ts';
import type { ImportRow } from '../modules/results/import.ts';
import { importResults } from '../modules/results/import.ts';

/** How many days before today get results. */
export const PAST_RESULT_DAYS = 21;

/** mulberry32: a small, fast generator whose sequence depends only on its seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The rows for `markets` over the `days` market days before `today`, oldest first; days without a draw skipped. */
export function pastResultRows(
  markets: readonly Pick<Market, 'id' | 'grp' | 'schedule' | 'active'>[],
  today: string,
  days = PAST_RESULT_DAYS,
  seed = 32,
): ImportRow[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const rows: ImportRow[] = [];
  for (let back = days; back >= 1; back--) {
    const date = addDays(today, -back);
    for (const market of markets) {
      if (!market.active || noDrawReason(market.schedule, date) !== null) continue;
      if (market.grp === 'main')
        rows.push({ market_id: market.id, date, open: pick(ALL_PANAS), close: pick(ALL_PANAS) });
      else if (market.grp === 'starline') rows.push({ market_id: market.id, date, result: pick(ALL_PANAS) });
      else
        rows.push({
          market_id: market.id,
          date,
          result: randomDigits(random, 2),
        });
    }
  }
  return rows;
}

/** Imports the demo's past results; answers how many draws it recorded. */
export async function seedPastResults(deps: Deps, days = PAST_RESULT_DAYS): Promise<number> {
  const { rows: markets } = await deps.db.query<Market>(
    'SELECT id, grp, name, schedule, active, sort FROM markets ORDER BY grp, sort, id',
  );
  const today = zonedParts(deps.clock.now(), deps.config.MARKET_TIME_ZONE).date;
  const done = await importResults(deps, pastResultRows(markets, today, days));
  return done.flatMap((d) => d.outcomes).filter((o) => o.state === 'recorded').length;
}
