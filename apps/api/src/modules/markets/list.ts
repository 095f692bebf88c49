/**
 * The market lists every open client polls every 5 s. Markets and rates change rarely, so each process
 * keeps them for a couple of seconds and rebuilds the rows only when the minute (which moves msg_status)
 * or the data changes. Stale by at most TTL_MS across processes; `invalidateMarkets` clears it at once here.
 */
import type { MarketRow } from '@gama/core/endpoints/markets/index';
import { createHash } from 'node:crypto';
import type { MarketGroup } from '@gama/core/rules/bet-types';
import { marketDayAt, msgStatus } from '@gama/core/rules/schedule';
import { formatClockTime, MINUTES_PER_DAY } from '@gama/core/rules/time';
import type { Clock } from '../../clock.ts';
import type { Queryable } from '../../db/database.ts';
import { CacheStats } from '../../lib/cache-stats.ts';
import type { Market, MarketWithRev, Rate } from './repository.ts';
import { marketById, marketsOf, ratesOf } from './repository.ts';

const TTL_MS = 2_000;

/** Whether a copy loaded at `loadedAt` still serves at `ms` (a clock set back makes it stale, not fresh). */
const isFresh = (loadedAt: number, ms: number): boolean => ms - loadedAt < TTL_MS && ms >= loadedAt;

/** Legacy result fields per market for its current market day; the results module provides them. */
export type ResultFields = (
  market: Market,
  marketDate: string,
) => { open_result: string; close_result: string };
export type ResultSource = (db: Queryable, group: MarketGroup, now: Date) => Promise<ResultFields>;
const noResults: ResultSource = async () => () => ({ open_result: '', close_result: '' });

/** A group's list: its rows, as JSON text too, and an entity tag of their content (If-None-Match). */
export interface TaggedList {
  rows: MarketRow[];
  json: string;
  etag: string;
}

/** A copy of rates or of one market, with the instant it was loaded. */
interface Kept<V> {
  loadedAt: number;
  value: V;
}

interface Entry extends TaggedList {
  loadedAt: number;
  minute: number;
}

function row(market: Market, now: Date, fields: ResultFields): MarketRow {
  const day = marketDayAt(market.schedule, now, market.grp);
  const status = market.active ? msgStatus(market.schedule, market.grp, now) : 2;
  return {
    game_id: market.id,
    game_name: market.name,
    open_time: formatClockTime(day.openMinutes),
    close_time: formatClockTime(day.closeMinutes % MINUTES_PER_DAY),
    ...fields(market, day.date),
    msg_status: status,
  };
}

export class MarketCache {
  readonly #db: Queryable;
  readonly #clock: Clock;
  #results: ResultSource = noResults;
  readonly #lists = new Map<MarketGroup, Entry>();
  readonly #rates = new Map<MarketGroup, Kept<Rate[]>>();
  readonly #markets = new Map<number, Kept<MarketWithRev | undefined>>();
  /** Market lists and rates together. */
  readonly stats = new CacheStats();

  constructor(db: Queryable, clock: Clock) {
    this.#db = db;
    this.#clock = clock;
  }

  setResultSource(source: ResultSource): void {
    this.#results = source;
    this.invalidate();
  }

  invalidate(): void {
    this.#lists.clear();
    this.#rates.clear();
    this.#markets.clear();
  }

  /**
   * One market with its schedule revision, for bid placement, which rechecks the revision and the active flag in
   * its transaction and reads the market afresh before refusing on what this copy says. Only markets that exist
   * are kept, so unknown ids cannot grow the map.
   */
  async market(id: number): Promise<MarketWithRev | undefined> {
    return this.#kept(this.#markets, id, marketById);
  }

  async list(group: MarketGroup): Promise<MarketRow[]> {
    return (await this.tagged(group)).rows;
  }

  /** The rows, as JSON text too (serialized once per rebuild), with an entity tag of their content. */
  async tagged(group: MarketGroup): Promise<TaggedList> {
    return this.peek(group) ?? (await this.#build(group));
  }

  /** The list as `tagged` gives it, without waiting, while the kept copy serves; undefined when it must be rebuilt. */
  peek(group: MarketGroup): TaggedList | undefined {
    const cached = this.#lists.get(group);
    if (!cached) return undefined;
    const ms = this.#clock.now().getTime();
    if (isFresh(cached.loadedAt, ms) && cached.minute === Math.floor(ms / 60_000)) {
      this.stats.hit();
      return cached;
    }
    return undefined;
  }

  async #build(group: MarketGroup): Promise<TaggedList> {
    const now = this.#clock.now();
    const ms = now.getTime();
    const minute = Math.floor(ms / 60_000);
    this.stats.miss();
    const markets = await marketsOf(this.#db, group);
    const fields = await this.#results(this.#db, group, now);
    const rows = markets.map((m) => row(m, now, fields));
    const json = JSON.stringify(rows);
    const etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
    const entry = { loadedAt: ms, minute, rows, json, etag };
    this.#lists.set(group, entry);
    return entry;
  }

  async rates(group: MarketGroup): Promise<Rate[]> {
    return this.#kept(this.#rates, group, ratesOf);
  }

  /**
   * The value kept under `key` while it is fresh, else `load`'s, kept in its place; a value `load` does not find
   * (undefined) is not kept, and drops what was kept under its key.
   */
  async #kept<K, V>(map: Map<K, Kept<V>>, key: K, load: (db: Queryable, key: K) => Promise<V>): Promise<V> {
    const ms = this.#clock.now().getTime();
    const cached = map.get(key);
    if (cached && isFresh(cached.loadedAt, ms)) {
      this.stats.hit();
      return cached.value;
    }
    this.stats.miss();
    const value = await load(this.#db, key);
    if (value === undefined) map.delete(key);
    else map.set(key, { loadedAt: ms, value });
    return value;
  }
}

/** `game_rates[0]` of the legacy contract: `<field>_val_1` / `<field>_val_2` as strings. */
export function legacyRates(list: readonly Rate[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of list) {
    out[`${r.rate_field}_val_1`] = String(r.val_1);
    out[`${r.rate_field}_val_2`] = String(r.val_2);
  }
  return out;
}
