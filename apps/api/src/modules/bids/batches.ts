/**
 * Slips placed in batches (issue 30, decision 043). A bid's database cost is mostly fixed per transaction and
 * per round trip (BEGIN, the call, the notices and COMMIT; the commit's WAL flush), not per row, so under load
 * the slips that arrive while a batch is being placed wait and go together in the next one: one transaction,
 * one call of `gama_place_bids` (db/functions/place_bid.sql), which judges each slip by the rules' one body in a
 * block of its own and then writes every taken slip's journal, rows and key at once (decision 051). The call is
 * the whole transaction, sent in one round trip with no BEGIN or COMMIT of its own (decision 052). When nothing
 * is in flight the first slip goes at once, alone, through the single call (a batch of one): there is no timer,
 * so an idle server adds no latency. A batch grows only while the database is busy, up to `max` slips.
 *
 * Each slip gets its own answer: its outcome, or its refusal raised as the single call raises it (SQLSTATE,
 * message and detail), so `place.ts` words it the same way whichever path placed it. A batch that fails for
 * any other reason (a deadlock the driver's retries did not clear, a month without its partition, a bug) is
 * placed again one slip at a time, so no slip fails for a neighbour's fault.
 *
 * One set of queues per shard (docs/scaling.md): a batch touches one shard's players only. On one PostgreSQL (or
 * PGlite) there is one shard. A shard has `parallel` lanes, each with at most one batch in flight, and a player's
 * slips always take the same lane (by player id): a player's slips are placed in the order they arrived, and a
 * replayed key waits for its first answer in that lane instead of racing it in another batch. Two lanes' batches
 * lock wallets in player order each; where they meet on a liability cap in opposite orders, PostgreSQL ends one
 * with a deadlock, the statement is run again whole (`commitOne`), and if that fails too its slips go one by one.
 */
import type { Database } from '../../db/database.ts';
import { pgCode } from '../../db/database.ts';
import { faultPoint } from '../../lib/fault.ts';

/** One slip as gama_place_bid takes it; the rows are parallel arrays. */
export interface Slip {
  player: number;
  scope: string;
  key: string | null;
  endpoint: string;
  hash: Buffer;
  now: Date;
  market: number;
  scheduleRev: number;
  grp: string;
  marketDate: string;
  betType: string;
  label: string;
  note: string;
  sessions: string[];
  digits: string[];
  close: string[];
  points: number[];
  fields: string[];
  timeZone: string;
  today: string;
  week: string;
  month: string;
}

/** The function's answer for a slip that was not refused: its outcome, or a replay's first outcome. */
export type SlipAnswer = Record<string, unknown>;

/** A slip's refusal inside a batch, carrying what the database error would have carried. */
export class SlipRefusal extends Error {
  readonly code: string;
  readonly detail: string | undefined;
  readonly constraint: string | undefined;

  constructor(raised: { code: string; message: string; detail?: string | null; constraint?: string | null }) {
    super(raised.message);
    this.name = 'SlipRefusal';
    this.code = raised.code;
    this.detail = raised.detail ?? undefined;
    this.constraint = raised.constraint ?? undefined;
  }
}

export interface BatchOptions {
  /** Off: every slip is its own transaction, as before issue 30 (BID_BATCH=off). */
  enabled: boolean;
  /** The most slips in one batch. */
  max: number;
  /** Lanes per shard: batches in flight at once, each on its own connection. */
  parallel: number;
}

const ONE = `SELECT gama_place_bid($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::date, $11, $12, $13, $14::text[], $15::text[],
                               $16::text[], $17::bigint[], $18::text[], $19, $20::date, $21::date, $22::date) AS outcome`;

const MANY = `SELECT gama_place_bids($1::bigint[], $2::text[], $3::text[], $4::text[],
                 ARRAY(SELECT decode(h, 'hex') FROM unnest($5::text[]) WITH ORDINALITY AS x(h, n) ORDER BY n),
                 $6::timestamptz[], $7::bigint[], $8::integer[], $9::text[], $10::date[], $11::text[], $12::text[],
                 $13::text[], $14::integer[], $15::text[], $16::text[], $17::text[], $18::bigint[], $19::text[],
                 $20::text[], $21::date[], $22::date[], $23::date[]) AS answers`;

/** One slip in its own transaction: the path of a batch of one, of the batcher switched off, and of a fallback. */
export function placeOne(db: Database, slip: Slip): Promise<SlipAnswer> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ outcome: SlipAnswer | null }>(ONE, [
      slip.player,
      slip.scope,
      slip.key,
      slip.endpoint,
      slip.hash,
      slip.now,
      slip.market,
      slip.scheduleRev,
      slip.grp,
      slip.marketDate,
      slip.betType,
      slip.label,
      slip.note,
      slip.sessions,
      slip.digits,
      slip.close,
      slip.points,
      slip.fields,
      slip.timeZone,
      slip.today,
      slip.week,
      slip.month,
    ]);
    const outcome = rows[0]?.outcome;
    if (!outcome) throw new Error('gama_place_bid answered no row');
    faultPoint('bid-before-commit');
    return outcome;
  });
}

/** An error PostgreSQL answered with a SQLSTATE, other than a lost connection's (class 08). */
export function isServerError(error: unknown): boolean {
  const code = pgCode(error);
  return code !== undefined && /^[0-9A-Z]{5}$/.test(code) && !code.startsWith('08');
}

/** A slip's refusal as gama_place_bids reports it in place of an answer. */
interface Raised {
  code: string;
  message: string;
  detail: string | null;
  constraint: string | null;
}

type Answer = SlipAnswer | { error: Raised };

function raisedOf(answer: Answer): Raised | undefined {
  const error = (answer as { error?: unknown }).error;
  return typeof error === 'object' && error !== null ? (error as Raised) : undefined;
}

/**
 * Many slips in one transaction, which is the one statement (decision 052): no BEGIN and no COMMIT of their own,
 * one round trip a batch instead of three. The answers in the slips' order.
 */
async function placeMany(db: Database, slips: readonly Slip[]): Promise<Answer[]> {
  const rows = (pick: (s: Slip) => readonly unknown[]) => slips.flatMap(pick);
  const { rows: result } = await db.commitOne<{ answers: Answer[] | null }>(MANY, [
    slips.map((s) => s.player),
    slips.map((s) => s.scope),
    slips.map((s) => s.key),
    slips.map((s) => s.endpoint),
    slips.map((s) => s.hash.toString('hex')),
    slips.map((s) => s.now.toISOString()),
    slips.map((s) => s.market),
    slips.map((s) => s.scheduleRev),
    slips.map((s) => s.grp),
    slips.map((s) => s.marketDate),
    slips.map((s) => s.betType),
    slips.map((s) => s.label),
    slips.map((s) => s.note),
    slips.map((s) => s.sessions.length),
    rows((s) => s.sessions),
    rows((s) => s.digits),
    rows((s) => s.close),
    rows((s) => s.points),
    rows((s) => s.fields),
    slips.map((s) => s.timeZone),
    slips.map((s) => s.today),
    slips.map((s) => s.week),
    slips.map((s) => s.month),
  ]);
  const answers = result[0]?.answers;
  if (!answers || answers.length !== slips.length)
    throw new Error(`gama_place_bids answered ${answers?.length ?? 0} of ${slips.length} slips`);
  return answers;
}

interface Waiting {
  slip: Slip;
  resolve: (answer: SlipAnswer) => void;
  reject: (error: unknown) => void;
}

/** One lane of a shard: its queue and at most one batch in flight. */
export class SlipBatches {
  readonly #db: Database;
  readonly #options: BatchOptions;
  #queue: Waiting[] = [];
  #placing = false;
  #held = false;
  /** Batches placed and the slips in them, for the bench and the tests (sizes only; no player data). */
  readonly stats = { batches: 0, slips: 0, largest: 0, fallbacks: 0 };

  constructor(db: Database, options: BatchOptions) {
    this.#db = db;
    this.#options = options;
  }

  get options(): Readonly<BatchOptions> {
    return this.#options;
  }

  /** Slips waiting for a batch. */
  get queued(): number {
    return this.#queue.length;
  }

  /**
   * Tests: keeps arriving slips in the queue until the returned function is called, which places them in
   * batches of `max`, so a test can put chosen slips in one batch whatever the machine's timing.
   */
  hold(): () => void {
    this.#held = true;
    return () => {
      this.#held = false;
      this.#drain();
    };
  }

  place(slip: Slip): Promise<SlipAnswer> {
    if (!this.#options.enabled) return placeOne(this.#db, slip);
    return new Promise<SlipAnswer>((resolve, reject) => {
      this.#queue.push({ slip, resolve, reject });
      this.#drain();
    });
  }

  #drain(): void {
    // One batch in flight per lane: the next one forms from what arrived meanwhile, in arrival order.
    if (!this.#held && !this.#placing && this.#queue.length > 0) {
      const batch = this.#queue.splice(0, this.#options.max);
      this.#placing = true;
      void this.#run(batch).finally(() => {
        this.#placing = false;
        this.#drain();
      });
    }
  }

  async #run(batch: Waiting[]): Promise<void> {
    this.stats.batches += 1;
    this.stats.slips += batch.length;
    this.stats.largest = Math.max(this.stats.largest, batch.length);
    if (batch.length === 1) {
      const [only] = batch as [Waiting];
      await placeOne(this.#db, only.slip).then(only.resolve, only.reject);
      return;
    }
    // By player, so that concurrent batches (and transfers, which lock wallets by id) take wallet locks in one
    // order; the sort is stable, so one player's slips keep the order they arrived in.
    const sorted = [...batch].sort((a, b) => a.slip.player - b.slip.player);
    let answers: Answer[];
    try {
      answers = await placeMany(
        this.#db,
        sorted.map((w) => w.slip),
      );
    } catch (error) {
      this.stats.fallbacks += 1;
      // The batch is one statement that commits on its own (decision 052): an error the server answered (it
      // has a SQLSTATE) means the statement was rolled back, and each slip goes again in its own transaction,
      // in the same order, so the slip whose fault it was gets its own error and the others their answers. An
      // error without one (the connection lost) leaves unknown whether it committed: a keyed slip is placed
      // again safely (a committed one answers its first outcome from its key); a slip without a key is not, as
      // it could be placed twice, and gets the error.
      const rolledBack = isServerError(error);
      for (const w of sorted) {
        if (rolledBack || w.slip.key !== null) await placeOne(this.#db, w.slip).then(w.resolve, w.reject);
        else w.reject(error);
      }
      return;
    }
    sorted.forEach((w, i) => {
      const answer = answers[i] as Answer;
      const raised = raisedOf(answer);
      if (raised) w.reject(new SlipRefusal(raised));
      else w.resolve(answer);
    });
  }
}

/** The lanes of this process's shards. One PostgreSQL is one shard. */
export class BidBatcher {
  readonly #lanes: SlipBatches[];

  constructor(db: Database, options: BatchOptions) {
    this.#lanes = Array.from({ length: options.parallel }, () => new SlipBatches(db, options));
  }

  /** The lane of this player's slips: always the same one, so they keep their order. */
  laneOf(player: number): SlipBatches {
    return this.#lanes[player % this.#lanes.length] as SlipBatches;
  }

  place(slip: Slip): Promise<SlipAnswer> {
    return this.laneOf(slip.player).place(slip);
  }

  /** The lanes' figures added up. */
  get stats(): SlipBatches['stats'] {
    const all = { batches: 0, slips: 0, largest: 0, fallbacks: 0 };
    for (const lane of this.#lanes) {
      all.batches += lane.stats.batches;
      all.slips += lane.stats.slips;
      all.largest = Math.max(all.largest, lane.stats.largest);
      all.fallbacks += lane.stats.fallbacks;
    }
    return all;
  }
}
