/**
 * Versioned game rates. `game_rates` holds the set in force, which a bid reads and freezes on its own rows
 * inside its transaction (bids/place.ts); `rate_versions` holds every set there has been, with who and when.
 * A change locks the group's rows, so two operators changing rates at once make two versions one after the
 * other (or, with `base_version`, the second is refused), and a bid priced meanwhile sees one set or the other.
 */
import type { MarketGroup, RateField } from '@gama/core/rules/bet-types';
import type { RatePair, RateSet } from '@gama/core/rules/rates';
import { RATE_FIELDS_OF, changedRateFields, rateFieldLabel } from '@gama/core/rules/rates';
import type { Queryable } from '../../db/database.ts';
import { pgCode } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../audit/writer.ts';
import { audit } from '../audit/writer.ts';
import { rateMessages } from '@gama/core/endpoints/rates/index';

export interface RateVersion {
  version: number;
  rates: RateSet;
  changed: RateField[];
  at: string;
  operator_id: number | null;
  username: string | null;
}

/** The set in force; `lock` takes the group's rows for update (a change reads them this way). */
export async function ratesInForce(db: Queryable, group: MarketGroup, lock = false): Promise<RateSet> {
  const { rows } = await db.query<{ rate_field: RateField; val_1: number; val_2: number }>(
    `SELECT rate_field, val_1, val_2 FROM game_rates WHERE grp = $1 ORDER BY rate_field${lock ? ' FOR UPDATE' : ''}`,
    [group],
  );
  const set: RateSet = {};
  for (const r of rows) set[r.rate_field] = [r.val_1, r.val_2];
  return set;
}

async function latestVersion(db: Queryable, group: MarketGroup): Promise<number> {
  const { rows } = await db.query<{ v: number | null }>(
    'SELECT max(version) AS v FROM rate_versions WHERE grp = $1',
    [group],
  );
  return rows[0]?.v ?? 0;
}

/**
 * Records the group's set in force as its next version (call it in the transaction that wrote the set).
 * Answers the new version number.
 */
export async function recordRateVersion(
  tx: Queryable,
  group: MarketGroup,
  changed: readonly RateField[],
  operatorId: number | null,
  now: Date,
): Promise<number> {
  const { rows } = await tx.query<{ version: number }>(
    `INSERT INTO rate_versions (grp, version, rates, changed, operator_id, created_at)
     SELECT $1, COALESCE((SELECT max(version) FROM rate_versions WHERE grp = $1), 0) + 1,
            COALESCE((SELECT jsonb_object_agg(rate_field, jsonb_build_array(val_1, val_2))
                        FROM game_rates WHERE grp = $1), '{}'::jsonb),
            $2::text[], $3, $4
     RETURNING version`,
    [group, changed, operatorId, now],
  );
  return rows[0]?.version ?? 0;
}

async function writeRates(tx: Queryable, group: MarketGroup, set: RateSet, now: Date): Promise<void> {
  const fields = Object.keys(set) as RateField[];
  await tx.query(
    `INSERT INTO game_rates (grp, rate_field, val_1, val_2, updated_at)
     SELECT $1, f, v1, v2, $5 FROM unnest($2::text[], $3::int[], $4::int[]) AS r(f, v1, v2)
     ON CONFLICT (grp, rate_field) DO UPDATE
       SET val_1 = EXCLUDED.val_1, val_2 = EXCLUDED.val_2, updated_at = EXCLUDED.updated_at`,
    [group, fields, fields.map((f) => set[f]?.[0]), fields.map((f) => set[f]?.[1]), now],
  );
}

/**
 * Changes some rates of a group inside the caller's transaction: the fields given replace those in force,
 * and the whole set becomes a new version. Refuses a change that changes nothing, one that would leave a
 * bet type without a rate, and (with `baseVersion`) one made against a version no longer in force.
 */
export async function changeRates(
  tx: Queryable,
  input: {
    group: MarketGroup;
    rates: Partial<Record<RateField, RatePair>>;
    baseVersion?: number;
    operatorId: number | null;
    now: Date;
  },
): Promise<{ before: RateSet; after: RateSet; version: RateVersion }> {
  const { group } = input;
  const before = await ratesInForce(tx, group, true);
  const current = await latestVersion(tx, group);
  if (input.baseVersion !== undefined && input.baseVersion !== current) {
    throw new AppError('RATES_STALE', rateMessages.stale(current));
  }
  const after: RateSet = { ...before, ...input.rates };
  for (const field of RATE_FIELDS_OF[group]) {
    if (!after[field]) throw new AppError('RATE_MISSING', rateMessages.missing(rateFieldLabel(group, field)));
  }
  const changed = changedRateFields(group, before, after);
  if (changed.length === 0) throw new AppError('RATES_UNCHANGED', rateMessages.unchanged);
  const written: RateSet = {};
  for (const field of changed) written[field] = after[field];
  await writeRates(tx, group, written, input.now);
  let version: number;
  try {
    version = await recordRateVersion(tx, group, changed, input.operatorId, input.now);
  } catch (error) {
    // A group without rows to lock: two first versions at once meet at the unique (grp, version).
    if (pgCode(error) === '23505') throw new AppError('RATES_CHANGED_MEANWHILE', rateMessages.concurrent);
    throw error;
  }
  const [row] = await versionsOf(tx, group, 1, version);
  if (!row) throw new Error(`rate version ${group} ${version} not found after writing it`);
  return { before, after, version: row };
}

/** Versions of a group, newest first (from `upTo` down when given). */
async function versionsOf(
  db: Queryable,
  group: MarketGroup,
  limit: number,
  upTo?: number,
): Promise<RateVersion[]> {
  const { rows } = await db.query<{
    version: number;
    rates: Record<string, [number, number]>;
    changed: RateField[];
    created_at: Date;
    operator_id: number | null;
    username: string | null;
  }>(
    `SELECT v.version, v.rates, v.changed, v.created_at, v.operator_id, o.username
       FROM rate_versions v LEFT JOIN operators o ON o.id = v.operator_id
      WHERE v.grp = $1 AND ($3::int IS NULL OR v.version <= $3)
      ORDER BY v.version DESC LIMIT $2`,
    [group, limit, upTo ?? null],
  );
  return rows.map((r) => ({
    version: r.version,
    rates: r.rates as RateSet,
    changed: r.changed,
    at: r.created_at.toISOString(),
    operator_id: r.operator_id,
    username: r.username,
  }));
}

/** The set in force and the history, for the console. */
export async function rateHistory(
  db: Queryable,
  group: MarketGroup,
  limit: number,
): Promise<{ current: { version: number; rates: RateSet }; history: RateVersion[]; total: number }> {
  const [rates, history, total] = await Promise.all([
    ratesInForce(db, group),
    versionsOf(db, group, limit),
    latestVersion(db, group),
  ]);
  return { current: { version: total, rates }, history, total };
}

/** An operator's change of a group's rates: the new version and its audit row, in one transaction (decision 045). */
export async function updateRates(
  deps: Deps,
  who: Actor,
  body: {
    group: MarketGroup;
    rates: Parameters<typeof changeRates>[1]['rates'];
    base_version?: number | undefined;
  },
) {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const result = await changeRates(tx, {
      group: body.group,
      rates: body.rates,
      ...(body.base_version !== undefined ? { baseVersion: body.base_version } : {}),
      operatorId: who.operator.id,
      now,
    });
    await audit(tx, {
      operatorId: who.operator.id,
      action: 'rates_update',
      targetType: 'rates',
      targetId: body.group,
      before: result.before,
      after: result.after,
      detail: { version: result.version.version, changed: result.version.changed },
      request: who.request,
      at: now,
    });
    return result;
  });
}
