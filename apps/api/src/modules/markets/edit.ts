/**
 * Markets and schedules for operators (issue 15): one market with the days ahead as it will draw on them,
 * its creation, and every change to it (name, order, on or off, first and last days, weekly timetable, off
 * days). Each is audited here, in the transaction that makes it (decision 045).
 *
 * A change locks the market row `FOR UPDATE`. A bid's insert holds the market's KEY SHARE lock (the foreign
 * key) until it commits, so the change waits for bids in flight and then sees them; a bid that read the
 * market before the change finds a different `schedule_rev` once its insert holds the lock, and is refused
 * (bids/place.ts). Days whose draws have bids or a result and are not all declared keep their times: the
 * rules of schedule-edit.ts decide, the bids are read here.
 */
import type { createMarketBody } from '@gama/core/contract/markets';
import type { MarketAnswer } from '@gama/core/endpoints/markets/index';
import type { MarketGroup } from '@gama/core/rules/bet-types';
import { addDays, type IsoDate, type Weekday } from '@gama/core/rules/dates';
import type { MarketSchedule } from '@gama/core/rules/schedule';
import { marketDayAt, weeklySchedule } from '@gama/core/rules/schedule';
import type { Edit, HeldDay } from '@gama/core/rules/schedule-edit';
import { daysAhead, heldDayConflict, scheduleMessages } from '@gama/core/rules/schedule-edit';
import { parseClockTime } from '@gama/core/rules/time';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Queryable } from '../../db/database.ts';
import { pgCode } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../audit/writer.ts';
import { audit } from '../audit/writer.ts';
import type { MarketWithRev } from './repository.ts';
import { createMarket, MARKET_COLUMNS } from './repository.ts';

/** How many days ahead the market page lists. */
const DAYS_AHEAD = 14;

/** What a day holds: its bids and live results. */
interface DayLoad {
  date: IsoDate;
  bids: number;
  results: number;
}

async function dayLoads(db: Queryable, marketId: number, from: IsoDate): Promise<Map<IsoDate, DayLoad>> {
  const { rows } = await db.query<DayLoad>(
    `WITH b AS (SELECT market_date, count(*)::int AS bids FROM bids
                 WHERE market_id = $1 AND market_date >= $2::date GROUP BY market_date),
          r AS (SELECT market_date, count(*)::int AS results FROM results
                 WHERE market_id = $1 AND market_date >= $2::date AND reverted_at IS NULL GROUP BY market_date)
     SELECT to_char(coalesce(b.market_date, r.market_date), 'YYYY-MM-DD') AS date,
            coalesce(b.bids, 0) AS bids, coalesce(r.results, 0) AS results
       FROM b FULL JOIN r ON r.market_date = b.market_date`,
    [marketId, from],
  );
  return new Map(rows.map((row) => [row.date, row]));
}

const drawsPerDay = (group: MarketGroup) => (group === 'main' ? 2 : 1);

/** A day keeps its times while it has bids or a result and its draws are not all declared. */
function heldOf(group: MarketGroup, load: DayLoad): HeldDay | null {
  if (load.results >= drawsPerDay(group)) return null;
  if (load.bids > 0) return { date: load.date, has: 'bids' };
  if (load.results > 0) return { date: load.date, has: 'a result' };
  return null;
}

export function currentMarketDate(
  market: { schedule: MarketSchedule; grp: MarketGroup },
  now: Date,
): IsoDate {
  return marketDayAt(market.schedule, now, market.grp).date;
}

export async function marketView(db: Queryable, market: MarketWithRev, now: Date): Promise<MarketAnswer> {
  const today = currentMarketDate(market, now);
  const loads = await dayLoads(db, market.id, today);
  const days = daysAhead(market.grp, market, today, DAYS_AHEAD).map((day) => {
    const load = loads.get(day.date);
    return { ...day, bids: load?.bids ?? 0, held: load ? heldOf(market.grp, load) !== null : false };
  });
  return { status: true, market, market_date: today, days };
}

export async function loadMarket(db: Queryable, id: number, lock = false): Promise<MarketWithRev> {
  const { rows } = await db.query<MarketWithRev>(
    `SELECT ${MARKET_COLUMNS} FROM markets WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  const market = rows[0];
  if (!market) throw new AppError('NOT_FOUND', scheduleMessages.notFound);
  return market;
}

/** A new market from the console's form, audited with the form as its detail; answers its id. */
export async function addMarket(
  deps: Deps,
  who: Actor,
  body: z.output<typeof createMarketBody>,
): Promise<number> {
  const { db, clock, config, markets } = deps;
  // The body's times passed the schema's 12-hour pattern, so they parse.
  const minutes = (text: string) => parseClockTime(text) ?? 0;
  const weekly = weeklySchedule({
    timeZone: config.MARKET_TIME_ZONE,
    openMinutes: minutes(body.open_time),
    closeMinutes: minutes(body.close_time ?? body.open_time),
    daysOff: body.days_off as Weekday[],
  });
  const schedule = body.first_date === undefined ? weekly : { ...weekly, firstDate: body.first_date };
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const made = await createMarket(tx, {
        group: body.group,
        name: body.name,
        schedule,
        active: body.active,
        now: clock.now(),
      });
      await audit(tx, {
        operatorId: who.operator.id,
        action: 'market_create',
        targetType: 'market',
        targetId: made,
        detail: body,
        request: who.request,
        at: clock.now(),
      });
      return made;
    });
  } catch (error) {
    if (pgCode(error) === '23505') throw new AppError('MARKET_NAME_TAKEN', scheduleMessages.nameTaken);
    throw error;
  }
  markets.invalidate();
  return id;
}

/** The market as a change leaves it; `schedule` null keeps it. */
export interface MarketChange {
  name?: string | undefined;
  sort?: number | undefined;
  active?: boolean | undefined;
  schedule?: Edit | undefined;
}

/**
 * Applies one change in a transaction holding the market, audited with before and after. `scheduleRev` is
 * the revision the operator was looking at (409 when someone changed the market since). The market lists
 * the player app polls are cleared, so they follow at once.
 */
export async function changeMarket(
  deps: Deps,
  input: {
    id: number;
    scheduleRev: number | undefined;
    action: string;
    operatorId: number;
    request: Pick<FastifyRequest, 'ip' | 'id' | 'headers'>;
    change: (market: MarketWithRev, today: IsoDate) => MarketChange;
  },
): Promise<MarketAnswer> {
  const { db, clock, markets } = deps;
  let answer: MarketAnswer;
  try {
    answer = await db.transaction(async (tx) => {
      const before = await loadMarket(tx, input.id, true);
      if (input.scheduleRev !== undefined && before.schedule_rev !== input.scheduleRev)
        throw new AppError('MARKET_STALE', scheduleMessages.stale);
      const now = clock.now();
      const today = currentMarketDate(before, now);
      const change = input.change(before, today);
      if (change.schedule && !change.schedule.ok)
        throw new AppError('SCHEDULE_INVALID', change.schedule.message);
      const schedule = change.schedule?.ok ? change.schedule.schedule : before.schedule;
      const active = change.active ?? before.active;
      const timesChanged = canonical(schedule) !== canonical(before.schedule) || active !== before.active;
      if (timesChanged) {
        // Yesterday too: an overnight session, or a draw still waiting for its result.
        const loads = await dayLoads(tx, before.id, addDays(today, -1));
        const held = [...loads.values()]
          .map((load) => heldOf(before.grp, load))
          .filter((day): day is HeldDay => day !== null)
          .sort((a, b) => (a.date < b.date ? -1 : 1));
        const conflict = heldDayConflict(before.grp, before.name, before, { schedule, active }, held);
        if (conflict) throw new AppError('SCHEDULE_CONFLICT', conflict);
      }
      const { rows } = await tx.query<MarketWithRev>(
        `UPDATE markets SET name = $2, sort = $3, active = $4, schedule = $5::jsonb,
                schedule_rev = schedule_rev + $6, updated_at = $7
          WHERE id = $1 RETURNING ${MARKET_COLUMNS}`,
        [
          before.id,
          change.name ?? before.name,
          change.sort ?? before.sort,
          active,
          JSON.stringify(schedule),
          timesChanged ? 1 : 0,
          now,
        ],
      );
      const after = rows[0];
      if (!after) throw new Error('market update returned no row');
      await audit(tx, {
        operatorId: input.operatorId,
        action: input.action,
        targetType: 'market',
        targetId: before.id,
        before: snapshotOf(before),
        after: snapshotOf(after),
        request: input.request,
        at: now,
      });
      return marketView(tx, after, now);
    });
  } catch (error) {
    if (pgCode(error) === '23505') throw new AppError('MARKET_NAME_TAKEN', scheduleMessages.nameTaken);
    throw error;
  }
  markets.invalidate();
  return answer;
}

/** JSON with keys sorted: the database hands jsonb back in its own key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

/** The audit's before and after: what an operator can change. */
function snapshotOf(market: MarketWithRev) {
  return {
    name: market.name,
    sort: market.sort,
    active: market.active,
    schedule: market.schedule,
    schedule_rev: market.schedule_rev,
  };
}
