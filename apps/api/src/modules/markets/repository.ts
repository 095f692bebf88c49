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

export async function marketById(db: Queryable, id: number): Promise<Market | undefined> {
  const { rows } = await db.query<Market>(
    'SELECT id, grp, name, schedule, active, sort FROM markets WHERE id = $1',
    [id],
  );
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
