import type { MarketGroup } from '@gama/core/rules/bet-types';
import type { MarketSchedule } from '@gama/core/rules/schedule';
import type { Queryable } from '../../db/database.ts';

export interface Market {
  id: number;
  grp: MarketGroup;
  name: string;
  schedule: MarketSchedule;
  active: boolean;
  sort: number;
}

export async function marketsOf(db: Queryable, group: MarketGroup): Promise<Market[]> {
  const { rows } = await db.query<Market>(
    'SELECT id, grp, name, schedule, active, sort FROM markets WHERE grp = $1 ORDER BY sort, id',
    [group],
  );
  return rows;
}

/** A market with its schedule revision (migration 0019), which every schedule or on/off change counts up. */
export interface MarketWithRev extends Market {
  schedule_rev: number;
}

export const MARKET_COLUMNS = 'id, grp, name, schedule, active, sort, schedule_rev';

export async function marketById(db: Queryable, id: number): Promise<MarketWithRev | undefined> {
  const { rows } = await db.query<MarketWithRev>(`SELECT ${MARKET_COLUMNS} FROM markets WHERE id = $1`, [id]);
  return rows[0];
}

export interface Rate {
  rate_field: string;
  val_1: number;
  val_2: number;
}

export async function ratesOf(db: Queryable, group: MarketGroup): Promise<Rate[]> {
  const { rows } = await db.query<Rate>('SELECT rate_field, val_1, val_2 FROM game_rates WHERE grp = $1', [
    group,
  ]);
  return rows;
}

export interface NewMarket {
  group: MarketGroup;
  name: string;
  schedule: MarketSchedule;
  active: boolean;
  /** Position in its group's list; by default after every market of the group. */
  sort?: number;
  now: Date;
}

/** Inserts a market; a name already used in the group fails with the unique violation (23505). */
export async function createMarket(db: Queryable, market: NewMarket): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO markets (grp, name, schedule, active, sort, created_at, updated_at)
     VALUES ($1, $2, $3::jsonb, $4,
             COALESCE($5::int, (SELECT COALESCE(max(sort), 0) + 1 FROM markets WHERE grp = $1)), $6, $6)
     RETURNING id`,
    [
      market.group,
      market.name,
      JSON.stringify(market.schedule),
      market.active,
      market.sort ?? null,
      market.now,
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('market insert returned no id');
  return id;
}
