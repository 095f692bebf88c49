/**
 * Per-number liability caps as the owner sets them (issue 16): one row per group and rate field, no row for
 * no cap. A change writes only the fields sent; bids read the caps inside their own transaction
 * (gama_place_bid), so a bid placed after a change commits is checked against the new cap.
 */
import type { CapRow } from '@gama/core/endpoints/risk/index';
import type { MarketGroup, RateField } from '@gama/core/rules/bet-types';
import { RATE_FIELDS_OF, isRateFieldOf, rateFieldLabel } from '@gama/core/rules/rates';
import type { Queryable } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../audit/writer.ts';
import { audit } from '../audit/writer.ts';
import { PAYOUT_SQL } from '../results/outcome-sql.ts';

export type CapSet = Partial<Record<RateField, number>>;

/** The group's caps by rate field, paise (fields without a cap are absent). */
export async function capsOf(db: Queryable, group: MarketGroup, lock = false): Promise<CapSet> {
  const { rows } = await db.query<{ rate_field: RateField; cap: number }>(
    `SELECT rate_field, cap FROM liability_caps WHERE grp = $1 ORDER BY rate_field${lock ? ' FOR UPDATE' : ''}`,
    [group],
  );
  const caps: CapSet = {};
  for (const r of rows) caps[r.rate_field] = r.cap;
  return caps;
}

/** Every rate field of the group in the player app's order, with its cap (or null) and who set it. */
export async function capRows(db: Queryable, group: MarketGroup): Promise<CapRow[]> {
  const { rows } = await db.query<{
    rate_field: string;
    cap: number;
    updated_at: Date;
    username: string | null;
  }>(
    `SELECT c.rate_field, c.cap, c.updated_at, o.username
       FROM liability_caps c LEFT JOIN operators o ON o.id = c.updated_by
      WHERE c.grp = $1`,
    [group],
  );
  const byField = new Map(rows.map((r) => [r.rate_field, r]));
  return RATE_FIELDS_OF[group].map((field) => {
    const row = byField.get(field);
    return {
      rate_field: field,
      label: rateFieldLabel(group, field),
      cap_paise: row?.cap ?? null,
      updated_at: row ? row.updated_at.toISOString() : null,
      username: row?.username ?? null,
    };
  });
}

export const capMessages = {
  unknownField: (group: MarketGroup, field: string) =>
    `${field} is not a bet type of ${group} markets; they are ${RATE_FIELDS_OF[group].join(', ')}`,
  unchanged: 'These caps are already in force; nothing changed',
};

/**
 * Sets (a number) or removes (null) caps of a group inside the caller's transaction; answers the caps before
 * and after for the audit row. Refuses an unknown field and a change that changes nothing.
 */
export async function changeCaps(
  tx: Queryable,
  input: {
    group: MarketGroup;
    caps: Record<string, number | null>;
    operatorId: number;
    now: Date;
  },
): Promise<{ before: CapSet; after: CapSet }> {
  const { group } = input;
  for (const field of Object.keys(input.caps)) {
    if (!isRateFieldOf(group, field))
      throw new AppError('CAP_FIELD_UNKNOWN', capMessages.unknownField(group, field));
  }
  const before = await capsOf(tx, group, true);
  const set: { field: string; cap: number }[] = [];
  const removed: string[] = [];
  for (const [field, cap] of Object.entries(input.caps) as [RateField, number | null][]) {
    if (cap === null) {
      if (before[field] !== undefined) removed.push(field);
    } else if (before[field] !== cap) {
      set.push({ field, cap });
    }
  }
  const after: CapSet = Object.fromEntries(
    Object.entries({ ...before, ...input.caps }).filter(([, cap]) => cap !== null),
  );
  if (set.length === 0 && removed.length === 0) throw new AppError('CAPS_UNCHANGED', capMessages.unchanged);
  if (removed.length > 0) {
    await tx.query('DELETE FROM liability_caps WHERE grp = $1 AND rate_field = ANY($2::text[])', [
      group,
      removed,
    ]);
  }
  if (set.length > 0) {
    await tx.query(
      `INSERT INTO liability_caps (grp, rate_field, cap, updated_by, updated_at)
       SELECT $1, f, c, $4, $5 FROM unnest($2::text[], $3::bigint[]) AS r(f, c)
       ON CONFLICT (grp, rate_field) DO UPDATE
         SET cap = EXCLUDED.cap, updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at`,
      [group, set.map((s) => s.field), set.map((s) => s.cap), input.operatorId, input.now],
    );
    const capped = set.filter((s) => before[s.field as RateField] === undefined).map((s) => s.field);
    if (capped.length > 0) await countOpenDraws(tx, group, capped, input.now);
  }
  return { before, after };
}

/**
 * A number whose rate field has no cap keeps no exposure row (migration 0032): a field that gets a cap has the
 * draws that can still take bids counted from their bids first, so the cap meets what is already owed. The
 * group's markets are locked first: a bid holds its market's KEY SHARE lock from before it reads the caps until
 * it commits, so the bids in flight commit before the count and the next ones wait for this change and meet
 * the cap; none is missed or counted twice. A bid is placed on today's or yesterday's market day in the
 * market's zone; three days back from the UTC date covers every zone.
 */
async function countOpenDraws(tx: Queryable, group: MarketGroup, fields: string[], now: Date): Promise<void> {
  await tx.query('SELECT 1 FROM markets WHERE grp = $1 ORDER BY id FOR UPDATE', [group]);
  await tx.query(
    `INSERT INTO number_exposure AS e (market_id, market_date, rate_field, session, digits, close_digits, payout)
     SELECT b.market_id, b.market_date, b.rate_field, b.session, b.digits, b.close_digits, sum(${PAYOUT_SQL})
       FROM bids b
      WHERE b.market_id IN (SELECT id FROM markets WHERE grp = $1) AND b.rate_field = ANY($2::text[])
        AND b.market_date >= ($3::timestamptz AT TIME ZONE 'UTC')::date - 3
      GROUP BY b.market_id, b.market_date, b.rate_field, b.session, b.digits, b.close_digits
     ON CONFLICT (market_id, market_date, rate_field, session, digits, close_digits) DO UPDATE
        SET payout = EXCLUDED.payout`,
    [group, fields, now],
  );
}

/** An operator's change of a group's caps and its audit row, in one transaction (decision 045); the caps after. */
export async function updateCaps(
  deps: Deps,
  who: Actor,
  body: { group: MarketGroup; caps: Parameters<typeof changeCaps>[1]['caps'] },
): Promise<CapRow[]> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const { before, after } = await changeCaps(tx, {
      group: body.group,
      caps: body.caps,
      operatorId: who.operator.id,
      now,
    });
    await audit(tx, {
      operatorId: who.operator.id,
      action: 'caps_update',
      targetType: 'caps',
      targetId: body.group,
      before,
      after,
      request: who.request,
      at: now,
    });
    return capRows(tx, body.group);
  });
}
