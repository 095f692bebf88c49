/**
 * Raising flags and the holds they put on withdrawals. A flag is raised once (its fingerprint is unique; a burst
 * overlapping one already raised for the same player is the same burst), so the sweep and a withdrawal request
 * may both find it. Raising a flag holds the waiting withdrawals of every player it names, unless the owner
 * switched holds off or an operator already cleared that withdrawal's hold.
 */
import { formatPaise } from '@gama/core/rules/money';
import type { Queryable } from '../../db/database.ts';
import { formatDateTime } from '../../lib/format.ts';
import { ownerSetting } from '../settings/owner-settings.ts';
import type { Burst, Chain, TransferFact } from './patterns.ts';

export type FlagKind = 'link' | 'chain' | 'burst_out' | 'burst_in';

export interface NewFlag {
  kind: FlagKind;
  fingerprint: string;
  subjectId: number;
  playerIds: number[];
  reason: string;
  firstAt: Date;
  lastAt: Date;
}

/** The longest reason kept (the column allows 2,000): a chain of fifty players is cut, not refused. */
const REASON_MAX = 1900;

const cut = (text: string) => (text.length > REASON_MAX ? `${text.slice(0, REASON_MAX - 1)}…` : text);

type Names = ReadonlyMap<number, { user_name: string; mobile: string }>;

export async function namesOf(q: Queryable, ids: Iterable<number>): Promise<Names> {
  const { rows } = await q.query<{ id: number; user_name: string; mobile: string }>(
    'SELECT id, user_name, mobile FROM players WHERE id = ANY($1::bigint[])',
    [[...new Set(ids)]],
  );
  return new Map(rows.map((r) => [Number(r.id), { user_name: r.user_name, mobile: r.mobile }]));
}

function who(names: Names, id: number): string {
  const p = names.get(id);
  return p ? `${p.user_name} (${p.mobile})` : `player ${id}`;
}

function minutesBetween(transfers: readonly TransferFact[]): number {
  const first = transfers[0]?.at.getTime() ?? 0;
  const last = transfers[transfers.length - 1]?.at.getTime() ?? 0;
  return Math.round((last - first) / 60_000);
}

const points = (transfers: readonly TransferFact[]) =>
  transfers.map((t) => formatPaise(t.amountPaise)).join(', ');

export function chainFlag(chain: Chain, names: Names, timeZone: string): NewFlag {
  const ts = chain.transfers;
  const first = ts[0] as TransferFact;
  const last = ts[ts.length - 1] as TransferFact;
  const path = [who(names, first.from), ...ts.map((t) => who(names, t.to))].join(' → ');
  return {
    kind: 'chain',
    fingerprint: `chain:${first.id}`,
    subjectId: first.from,
    playerIds: [first.from, ...ts.map((t) => t.to)],
    reason: cut(
      `Transfer chain ${path}: ${ts.length} transfers passing points on within ${minutesBetween(ts)} minutes ` +
        `from ${formatDateTime(first.at, timeZone)} (points ${points(ts)}; transfers ${ts.map((t) => `#${t.id}`).join(', ')})`,
    ),
    firstAt: first.at,
    lastAt: last.at,
  };
}

export function burstFlag(burst: Burst, names: Names, timeZone: string): NewFlag {
  const ts = burst.transfers;
  const first = ts[0] as TransferFact;
  const last = ts[ts.length - 1] as TransferFact;
  const others = [...new Set(ts.map((t) => (burst.direction === 'out' ? t.to : t.from)))];
  const total = formatPaise(ts.reduce((sum, t) => sum + t.amountPaise, 0));
  const verb = burst.direction === 'out' ? 'sent' : 'received';
  const preposition = burst.direction === 'out' ? 'to' : 'from';
  return {
    kind: burst.direction === 'out' ? 'burst_out' : 'burst_in',
    fingerprint: `burst_${burst.direction}:${burst.hub}:${first.id}`,
    subjectId: burst.hub,
    playerIds: [burst.hub, ...others],
    reason: cut(
      `${who(names, burst.hub)} ${verb} ${ts.length} transfers (${total} points) ${preposition} ${others.length} ` +
        `player${others.length === 1 ? '' : 's'} within ${minutesBetween(ts)} minutes from ` +
        `${formatDateTime(first.at, timeZone)}: ${others.map((id) => who(names, id)).join(', ')} ` +
        `(transfers ${ts.map((t) => `#${t.id}`).join(', ')})`,
    ),
    firstAt: first.at,
    lastAt: last.at,
  };
}

export function linkFlag(a: number, b: number, reasons: readonly string[], names: Names, now: Date): NewFlag {
  const [low, high] = a < b ? [a, b] : [b, a];
  return {
    kind: 'link',
    fingerprint: `link:${low}:${high}`,
    // The newer account is the one that joined the other: it comes first.
    subjectId: high,
    playerIds: [high, low],
    reason: cut(`${who(names, high)} is linked to ${who(names, low)}: ${reasons.join('; ')}`),
    firstAt: now,
    lastAt: now,
  };
}

/**
 * Inserts the flags not raised yet and holds the flagged players' waiting withdrawals; answers the new flags'
 * ids. One statement each, whatever the number of flags.
 */
export async function raiseFlags(tx: Queryable, flags: readonly NewFlag[], now: Date): Promise<number[]> {
  if (flags.length === 0) return [];
  const { rows } = await tx.query<{ id: number; player_ids: number[] }>(
    `INSERT INTO risk_flags (kind, fingerprint, subject_id, player_ids, reason, first_at, last_at, created_at)
     SELECT n.kind, n.fingerprint, n.subject_id, array(SELECT jsonb_array_elements_text(n.player_ids)::bigint),
            n.reason, n.first_at, n.last_at, $8
       FROM unnest($1::text[], $2::text[], $3::bigint[], $4::jsonb[], $5::text[], $6::timestamptz[],
                   $7::timestamptz[]) AS n(kind, fingerprint, subject_id, player_ids, reason, first_at, last_at)
      WHERE NOT (n.kind IN ('burst_out', 'burst_in') AND EXISTS (
              SELECT 1 FROM risk_flags f
               WHERE f.subject_id = n.subject_id AND f.kind = n.kind
                 AND f.first_at <= n.last_at AND f.last_at >= n.first_at))
     ON CONFLICT (fingerprint) DO NOTHING
     RETURNING id, player_ids`,
    [
      flags.map((f) => f.kind),
      flags.map((f) => f.fingerprint),
      flags.map((f) => f.subjectId),
      flags.map((f) => JSON.stringify(f.playerIds)),
      flags.map((f) => f.reason),
      flags.map((f) => f.firstAt),
      flags.map((f) => f.lastAt),
      now,
    ],
  );
  if (rows.length === 0) return [];
  const players = [...new Set(rows.flatMap((r) => r.player_ids.map(Number)))];
  if (await ownerSetting(tx, 'signal_hold_withdrawals')) {
    await tx.query(
      `UPDATE withdraw_requests r SET hold_reason = h.reason, held_at = $2
         FROM (SELECT p AS player_id, ${HOLD_REASON_SQL('p')} AS reason FROM unnest($1::bigint[]) AS p) h
        WHERE r.player_id = h.player_id AND r.status = '0' AND r.hold_reason IS NULL AND h.reason IS NOT NULL`,
      [players, now],
    );
  }
  return rows.map((r) => Number(r.id));
}

/** The reason a withdrawal of `player` waits: its open and confirmed flags, newest first; NULL when none. */
const HOLD_REASON_SQL = (player: string) => `(
  SELECT left(string_agg(format('Flag #%s (%s): %s', f.id, f.status, f.reason), ' | ' ORDER BY f.id DESC), 2000)
    FROM risk_flags f WHERE ${player} = ANY (f.player_ids) AND f.status IN ('open', 'confirmed'))`;

/** Why a new withdrawal of `playerId` must wait, or null; null too when the owner switched holds off. */
export async function holdReasonFor(tx: Queryable, playerId: number): Promise<string | null> {
  if (!(await ownerSetting(tx, 'signal_hold_withdrawals'))) return null;
  const { rows } = await tx.query<{ reason: string | null }>(
    `SELECT ${HOLD_REASON_SQL('$1::bigint')} AS reason`,
    [playerId],
  );
  return rows[0]?.reason ?? null;
}
