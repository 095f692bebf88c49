/**
 * Prometheus metrics of one server process (prom-client), one registry per app instance so tests can build
 * several in one process. Served at GET /metrics behind METRICS_TOKEN (modules/metrics). Every series is this
 * process's own: Prometheus scrapes each API process at its own port and sums them.
 */
import type { Pool } from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { CacheStats } from './cache-stats.ts';

/** Counters the database driver keeps about waiting for a pooled connection (db/postgres.ts). */
export interface PoolWaits {
  /** Connections handed out. */
  acquired: number;
  /** Of those, how many had to wait for one to be released (the pool was at its size). */
  waited: number;
  /** Seconds spent waiting, all together. */
  waitSeconds: number;
}

export interface PoolSource {
  pool: Pick<Pool, 'totalCount' | 'idleCount' | 'waitingCount'> & { options: { max?: number } };
  poolWaits: PoolWaits;
}

/** Whether a database is a pool that counts its waits (PostgreSQL; PGlite has one connection and no pool). */
export function isPoolSource(db: object): db is PoolSource {
  return 'pool' in db && 'poolWaits' in db;
}

/** Why a bid submission was refused, as a metrics label (a small fixed set, never the message itself). */
export type BidRefusal =
  'balance' | 'closed' | 'date' | 'limit' | 'market' | 'play_limit' | 'schedule' | 'invalid' | 'other';

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export class Metrics {
  readonly registry = new Registry();
  readonly #requests: Counter<'method' | 'route' | 'status'>;
  readonly #latency: Histogram<'method' | 'route'>;
  readonly #bidsPlaced: Counter<'group'>;
  readonly #slips: Counter<'group' | 'outcome'>;
  readonly #refused: Counter<'group' | 'reason'>;
  readonly #settlements: Counter<'outcome'>;
  readonly #settlementSeconds: Histogram;
  readonly #settledBids: Counter;

  constructor() {
    const registers = [this.registry];
    // Event-loop lag (nodejs_eventloop_lag_*), heap, GC, handles, CPU: prom-client's standard process set.
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });
    this.#requests = new Counter({
      name: 'gama_http_requests_total',
      help: 'HTTP requests answered, by method, route (the registered path, not the URL) and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.#latency = new Histogram({
      name: 'gama_http_request_duration_seconds',
      help: 'Time from a request arriving to its answer being sent, by method and route',
      labelNames: ['method', 'route'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.#bidsPlaced = new Counter({
      name: 'gama_bids_placed_total',
      help: 'Bid rows placed, by market group (a replayed submission answered from its key counts again)',
      labelNames: ['group'],
      registers,
    });
    this.#slips = new Counter({
      name: 'gama_bid_submissions_total',
      help: 'Bid submissions, by market group and outcome (placed, refused)',
      labelNames: ['group', 'outcome'],
      registers,
    });
    this.#refused = new Counter({
      name: 'gama_bids_refused_total',
      help: 'Refused bid submissions, and rows left out of a placed one (limit), by group and reason',
      labelNames: ['group', 'reason'],
      registers,
    });
    this.#settlements = new Counter({
      name: 'gama_settlement_runs_total',
      help: 'Settlement runs of a declared result, by outcome (ok, failed)',
      labelNames: ['outcome'],
      registers,
    });
    this.#settlementSeconds = new Histogram({
      name: 'gama_settlement_duration_seconds',
      help: 'Duration of a settlement run',
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 2, 5, 10, 20, 40, 80, 160],
      registers,
    });
    this.#settledBids = new Counter({
      name: 'gama_settled_bids_total',
      help: 'Bids settled by settlement runs',
      registers,
    });
  }

  request(method: string, route: string, status: number, seconds: number): void {
    this.#requests.inc({ method, route, status: String(status) });
    this.#latency.observe({ method, route }, seconds);
  }

  bidsPlaced(group: string, rows: number, leftOut: number): void {
    this.#slips.inc({ group, outcome: 'placed' });
    this.#bidsPlaced.inc({ group }, rows);
    if (leftOut > 0) this.#refused.inc({ group, reason: 'limit' }, leftOut);
  }

  bidRefused(group: string, reason: BidRefusal): void {
    this.#slips.inc({ group, outcome: 'refused' });
    this.#refused.inc({ group, reason });
  }

  settlement(outcome: 'ok' | 'failed', seconds: number, settled: number): void {
    this.#settlements.inc({ outcome });
    this.#settlementSeconds.observe(seconds);
    if (settled > 0) this.#settledBids.inc(settled);
  }

  /** Hit and miss counts of the process's caches, read at each scrape. */
  watchCaches(caches: Readonly<Record<string, CacheStats>>): void {
    const seen = new Map<string, number>();
    new Counter({
      name: 'gama_cache_requests_total',
      help: 'Cache lookups, by cache and outcome (hit, miss); the hit rate is hit / (hit + miss)',
      labelNames: ['cache', 'outcome'],
      registers: [this.registry],
      collect() {
        for (const [cache, stats] of Object.entries(caches)) {
          for (const [outcome, value] of [
            ['hit', stats.hits],
            ['miss', stats.misses],
          ] as const) {
            const key = `${cache}:${outcome}`;
            // Incremented by zero too, so every series is listed from the first scrape on.
            this.inc({ cache, outcome }, Math.max(0, value - (seen.get(key) ?? 0)));
            seen.set(key, value);
          }
        }
      },
    });
  }

  /** The PostgreSQL pool's size, use and waits, read at each scrape. PGlite has no pool. */
  watchPool(source: PoolSource): void {
    const { pool, poolWaits } = source;
    const registers = [this.registry];
    new Gauge({
      name: 'gama_db_pool_connections',
      help: 'Pooled PostgreSQL connections, by state (busy, idle) and the pool size (max)',
      labelNames: ['state'],
      registers,
      collect() {
        this.set({ state: 'busy' }, pool.totalCount - pool.idleCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'max' }, pool.options.max ?? 10);
      },
    });
    new Gauge({
      name: 'gama_db_pool_waiting',
      help: 'Requests waiting for a pooled connection now',
      registers,
      collect() {
        this.set(pool.waitingCount);
      },
    });
    this.#countOf(
      'gama_db_pool_acquired_total',
      'Connections taken from the pool for a transaction',
      () => poolWaits.acquired,
    );
    this.#countOf(
      'gama_db_pool_waits_total',
      'Transactions that had to wait for a pooled connection',
      () => poolWaits.waited,
    );
    this.#countOf(
      'gama_db_pool_wait_seconds_total',
      'Seconds transactions spent waiting for a pooled connection',
      () => poolWaits.waitSeconds,
    );
  }

  /** A counter that follows a number kept elsewhere, which only grows. */
  #countOf(name: string, help: string, read: () => number): void {
    let seen = 0;
    new Counter({
      name,
      help,
      registers: [this.registry],
      collect() {
        const now = read();
        this.inc(Math.max(0, now - seen));
        seen = now;
      },
    });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
