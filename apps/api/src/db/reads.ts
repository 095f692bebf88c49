/**
 * Reads that may lag (histories, statements, charts, reports) go to a streaming replica (READ_DATABASE_URL);
 * money decisions never do: balances checked before a debit, bids, settlement, sessions all stay on the primary.
 * A player who just wrote still reads their own write at once; see docs/decisions/015-replica-reads-follow-the-wal.md.
 *
 * How: every POLL_MS this process notes the primary's WAL position (taken after `at`), then asks the replica how far
 * it has replayed. Once the replica has replayed past a noted position, everything committed before `at` is
 * there: `caughtUpTo` becomes `at`. A player's read goes to the replica only if their last write is older than
 * `caughtUpTo`. Writes are known from the wallet notices every process hears: each ledger posting names its
 * players, and the committing process hears them with the COMMIT. The reads sent here are of rows that change
 * only with a posting (bids, wins, the statement), or of nobody's own rows.
 */
import type { Database } from './database.ts';

const POLL_MS = 100;
/** A replica further behind than this serves nothing, shared reads included: they go to the primary. */
const MAX_LAG_MS = 30_000;

export interface ReadRouter {
  /** Where a read of `playerId`'s own rows that may lag goes. */
  forPlayer(playerId: number): Database;
  /** Where a read of nobody's own rows that may lag goes (charts, reports). */
  readonly shared: Database;
  /** Players whose rows changed: a wallet notice's payload (ids separated by commas). */
  applyNotice(payload: string): void;
  /** Whether this process is hearing the wallet notices; while it is not, every player reads the primary. */
  setLive(listening: boolean): void;
  close(): Promise<void>;
}

/** Without a replica every read is the primary's. */
export function primaryOnly(primary: Database): ReadRouter {
  return {
    forPlayer: () => primary,
    shared: primary,
    applyNotice: () => undefined,
    setLive: () => undefined,
    close: async () => undefined,
  };
}

/** `0/16B3748` as a number of bytes (a 64-bit WAL position; bigint keeps every bit). */
export function parseLsn(text: string): bigint {
  const [hi = '0', lo = '0'] = text.split('/');
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
}

export interface ReplicaRouter extends ReadRouter {
  /** Checks the replica once now (tests; the timer does it every POLL_MS). */
  poll(): Promise<void>;
  /** Reads sent to the replica and to the primary by `forPlayer` and `shared` (for tests and metrics). */
  readonly counts: { replica: number; primary: number };
}

export function replicaRouter(
  primary: Database,
  replica: Database,
  now: () => number = Date.now,
): ReplicaRouter {
  const lastWrite = new Map<number, number>();
  /** Positions noted on the primary, oldest first, not yet known to be replayed. */
  const pending: Array<{ at: number; lsn: bigint }> = [];
  let caughtUpTo = Number.NEGATIVE_INFINITY;
  /** Writes before this time are unknown to this process (it started, or its LISTEN came back, then). */
  let knownSince = now();
  let live = false;
  let replicaUp = false;
  const counts = { replica: 0, primary: 0 };

  const poll = async () => {
    const at = now();
    try {
      const { rows } = await primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
      pending.push({ at, lsn: parseLsn(rows[0]?.lsn ?? '0/0') });
      const replayed = await replica.query<{ lsn: string | null }>(
        `SELECT (CASE WHEN pg_is_in_recovery() THEN pg_last_wal_replay_lsn() ELSE pg_current_wal_lsn() END)::text AS lsn`,
      );
      const lsn = parseLsn(replayed.rows[0]?.lsn ?? '0/0');
      while (pending.length > 0 && (pending[0]?.lsn ?? lsn + 1n) <= lsn) {
        caughtUpTo = Math.max(caughtUpTo, pending.shift()?.at ?? caughtUpTo);
      }
      replicaUp = true;
    } catch {
      replicaUp = false;
    }
    // Older positions than the lag limit no longer matter: the replica is too far behind for them.
    while (pending.length > 0 && (pending[0]?.at ?? at) < at - MAX_LAG_MS) pending.shift();
    for (const [id, at] of lastWrite) if (at < caughtUpTo) lastWrite.delete(id);
  };

  const usable = () => replicaUp && now() - caughtUpTo < MAX_LAG_MS;
  const choose = (fresh: boolean): Database => {
    if (fresh && usable()) {
      counts.replica++;
      return replica;
    }
    counts.primary++;
    return primary;
  };

  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    void poll().finally(() => {
      if (timer !== undefined) timer = setTimeout(tick, POLL_MS);
    });
  };
  timer = setTimeout(tick, 0);
  timer.unref();

  const shared: Database = {
    engine: primary.engine,
    query: (text, params) => choose(true).query(text, params),
    exec: (sql) => primary.exec(sql),
    transaction: (fn) => choose(true).transaction(fn),
    // A write, whichever handle it comes through: always the primary.
    commitOne: (text, params) => primary.commitOne(text, params),
    listen: (channel, handlers) => primary.listen(channel, handlers),
    close: async () => undefined,
  };

  return {
    counts,
    poll,
    shared,
    forPlayer(playerId) {
      const wrote = Math.max(lastWrite.get(playerId) ?? Number.NEGATIVE_INFINITY, knownSince);
      return choose(live && wrote < caughtUpTo);
    },
    applyNotice(payload) {
      const at = now();
      for (const id of payload.split(',')) {
        const n = Number(id);
        if (Number.isSafeInteger(n)) lastWrite.set(n, at);
        else knownSince = at; // a payload this cannot read: take it that everyone wrote
      }
    },
    setLive(listening) {
      live = listening;
      knownSince = now();
      lastWrite.clear();
    },
    async close() {
      clearTimeout(timer);
      timer = undefined;
      await replica.close();
    },
  };
}
