/**
 * Bids and win credits are partitioned by draw date, a month per partition (migration 0028, decision 016).
 * The server makes the months it will need ahead of time: at start-up and every few hours it makes sure the
 * months from yesterday's to three months on exist. A bid whose month still has none (a server that did not
 * run for months) makes it on the spot and is placed again (bids/place.ts).
 */
import type { Queryable } from './database.ts';
import { runEvery, type OnError } from '../lib/every.ts';
import { pgCode } from './database.ts';

const EVERY_MS = 6 * 3_600_000;
const DAY_MS = 86_400_000;

const isoDate = (at: Date): string => at.toISOString().slice(0, 10);

/** Makes the missing monthly partitions from the day before `now` to three months after; answers how many. */
export async function ensureDrawPartitions(db: Queryable, now: Date): Promise<number> {
  const range = [
    isoDate(new Date(now.getTime() - 2 * DAY_MS)),
    isoDate(new Date(now.getTime() + 92 * DAY_MS)),
  ];
  for (let attempt = 1; ; attempt++) {
    try {
      const { rows } = await db.query<{ made: number }>(
        'SELECT gama_ensure_draw_partitions($1::date, $2::date) AS made',
        range,
      );
      return rows[0]?.made ?? 0;
    } catch (error) {
      // Another process made the same month a moment before (both had found it missing): look again.
      const code = pgCode(error);
      if (attempt < 3 && (code === '42P07' || code === '23505')) continue;
      throw error;
    }
  }
}

/** PostgreSQL's refusal of a row whose partition key no partition takes. */
export function isMissingPartition(error: unknown): boolean {
  return pgCode(error) === '23514' && /no partition of relation/.test(String((error as Error).message));
}

/** Keeps the coming months' partitions made, from now on and every six hours; returns the stop function. */
export function startPartitionKeeper(db: Queryable, now: () => Date, onError: OnError): () => void {
  return runEvery(EVERY_MS, () => ensureDrawPartitions(db, now()), onError);
}
