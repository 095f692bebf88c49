/**
 * Where signals are computed (decision 039): never on the transfer or bid path. A sweep reads what happened
 * since the last one (transfers, sign-ins, payout numbers, statements) every minute; a withdrawal request checks
 * its own player in its transaction, so a withdrawal never slips out between two sweeps.
 */
import type { Queryable } from '../../db/database.ts';
import { ownerSettings } from '../settings/owner-settings.ts';
import type { NewFlag } from './flags.ts';
import { runEvery, type OnError } from '../../lib/every.ts';
import { burstFlag, chainFlag, holdReasonFor, linkFlag, namesOf, raiseFlags } from './flags.ts';
import { linksAccounts, linksOf } from './links.ts';
import type { TransferFact } from './patterns.ts';
import { findBursts, findChains } from './patterns.ts';

const MINUTE_MS = 60_000;
/** The most transfers one look reads: a sweep after a long stop reads the newest ones, not a year's. */
const TRANSFERS_MAX = 50_000;

interface PatternSettings {
  signal_chain_transfers: number;
  signal_chain_minutes: number;
  signal_burst_transfers: number;
  signal_burst_minutes: number;
}

/** How far before a moment a chain or burst ending after it may have started. */
const lookbackMs = (s: PatternSettings) =>
  Math.max(s.signal_chain_minutes, s.signal_burst_minutes) * MINUTE_MS;

async function transfersBetween(q: Queryable, from: Date, to: Date): Promise<TransferFact[]> {
  const { rows } = await q.query<{
    id: number;
    from_player_id: number;
    to_player_id: number;
    amount: number;
    created_at: Date;
  }>(
    `SELECT id, from_player_id, to_player_id, amount, created_at FROM transfers
      WHERE created_at > $1 AND created_at <= $2 ORDER BY created_at DESC, id DESC LIMIT ${TRANSFERS_MAX}`,
    [from, to],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    from: Number(r.from_player_id),
    to: Number(r.to_player_id),
    amountPaise: Number(r.amount),
    at: r.created_at,
  }));
}

/**
 * The chain and burst flags of `transfers`; only those naming `onlyPlayer` when given (picked before the names
 * are read, so a withdrawal reads the names of its own patterns only).
 */
async function patternFlags(
  q: Queryable,
  transfers: readonly TransferFact[],
  s: PatternSettings,
  timeZone: string,
  onlyPlayer?: number,
): Promise<NewFlag[]> {
  const names = (t: TransferFact) => onlyPlayer === undefined || t.from === onlyPlayer || t.to === onlyPlayer;
  const chains = findChains(transfers, s.signal_chain_transfers, s.signal_chain_minutes).filter((c) =>
    c.transfers.some(names),
  );
  const bursts = findBursts(transfers, s.signal_burst_transfers, s.signal_burst_minutes).filter((b) =>
    b.transfers.some(names),
  );
  const players = await namesOf(
    q,
    [...chains.flatMap((c) => c.transfers), ...bursts.flatMap((b) => b.transfers)].flatMap((t) => [
      t.from,
      t.to,
    ]),
  );
  return [
    ...chains.map((c) => chainFlag(c, players, timeZone)),
    ...bursts.map((b) => burstFlag(b, players, timeZone)),
  ];
}

/**
 * The links worth a flag (`linksAccounts`). A sign-in address alone is not: mobile networks put thousands of
 * phones behind one address, and a stranger shares nothing else. It still shows among the player's links on the
 * console, and joins the reasons of a flag that something else raised.
 */
async function linkFlags(q: Queryable, playerIds: readonly number[], now: Date): Promise<NewFlag[]> {
  const found: { a: number; b: number; reasons: string[] }[] = [];
  for (const a of playerIds) {
    for (const [b, reasons] of await linksOf(q, a, now)) {
      if (linksAccounts(reasons)) found.push({ a, b, reasons: reasons.map((r) => r.text) });
    }
  }
  const names = await namesOf(
    q,
    found.flatMap((l) => [l.a, l.b]),
  );
  return found.map((l) => linkFlag(l.a, l.b, l.reasons, names, now));
}

/**
 * At a withdrawal request, in its transaction: raises the flags naming the player (their links, the chains and
 * bursts of the window they are part of) and answers why the withdrawal must wait, or null.
 */
export async function checkAtWithdrawal(
  tx: Queryable,
  playerId: number,
  now: Date,
  timeZone: string,
): Promise<string | null> {
  const settings = await ownerSettings(tx);
  const transfers = await transfersBetween(tx, new Date(now.getTime() - lookbackMs(settings)), now);
  const flags = [
    ...(await linkFlags(tx, [playerId], now)),
    ...(await patternFlags(tx, transfers, settings, timeZone, playerId)),
  ];
  await raiseFlags(tx, flags, now);
  return holdReasonFor(tx, playerId);
}

const SWEEP = 'signals';
/** A first sweep (no cursor yet) looks back this far; older sign-ins are read at their player's withdrawal. */
const FIRST_LOOK_MS = 60 * MINUTE_MS;
/** Flags are raised in transactions of this many, so no sweep holds a long transaction. */
const RAISE_BATCH = 100;

/**
 * One sweep: the transfers since the last sweep (and the lookback before it, where a chain or burst ending now
 * may have started), and the links of every player who signed in, saved a payout number, asked for a withdrawal
 * or had a deposit matched to an imported statement since. Answers how many flags it raised.
 *
 * It reads outside any transaction and raises flags in short ones: PGlite runs one transaction at a time, so a
 * sweep in one long transaction would stop every bid for as long as it ran. Two sweeps at once (two processes)
 * raise each flag once, by its fingerprint; the cursor moves only after the flags are in.
 */
export async function sweepSignals(
  db: Queryable & { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> },
  now: Date,
  timeZone: string,
): Promise<{ flags: number; transfers: number; players: number }> {
  const settings = await ownerSettings(db);
  const { rows: cursor } = await db.query<{ swept_to: Date }>(
    'SELECT swept_to FROM risk_sweeps WHERE name = $1',
    [SWEEP],
  );
  const since = cursor[0]?.swept_to ?? new Date(now.getTime() - FIRST_LOOK_MS);
  if (since.getTime() > now.getTime()) return { flags: 0, transfers: 0, players: 0 };
  const transfers = await transfersBetween(db, new Date(since.getTime() - lookbackMs(settings) - 1), now);
  const { rows: active } = await db.query<{ player_id: number }>(
    // From the last sweep's instant on, inclusive: what was written at that very instant after it swept is
    // read now (read twice at worst, and a flag is raised once).
    `SELECT player_id FROM sessions WHERE created_at >= $1 AND created_at <= $2
     UNION SELECT player_id FROM payout_methods WHERE verified_at >= $1 AND verified_at <= $2
     UNION SELECT player_id FROM withdraw_requests WHERE created_at >= $1 AND created_at <= $2
     UNION SELECT d.player_id FROM bank_statements s JOIN bank_statement_lines l ON l.statement_id = s.id
             JOIN deposit_requests d ON d.utr = l.utr
            WHERE s.uploaded_at >= $1 AND s.uploaded_at <= $2`,
    [since, now],
  );
  const players = active.map((r) => Number(r.player_id));
  const flags = [
    ...(await patternFlags(db, transfers, settings, timeZone)),
    ...(await linkFlags(db, players, now)),
  ];
  let raised = 0;
  for (let i = 0; i < flags.length; i += RAISE_BATCH) {
    const batch = flags.slice(i, i + RAISE_BATCH);
    raised += (await db.transaction((tx) => raiseFlags(tx, batch, now))).length;
  }
  await db.query(
    `INSERT INTO risk_sweeps (name, swept_to) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET swept_to = greatest(risk_sweeps.swept_to, EXCLUDED.swept_to)`,
    [SWEEP, now],
  );
  return { flags: raised, transfers: transfers.length, players: players.length };
}

const SWEEP_EVERY_MS = 60_000;

/** Sweeps at start-up and every minute. */
export function startSignalSweep(
  db: Parameters<typeof sweepSignals>[0],
  now: () => Date,
  timeZone: string,
  onError: OnError,
): () => void {
  return runEvery(SWEEP_EVERY_MS, () => sweepSignals(db, now(), timeZone), onError);
}
