/**
 * The load generator, run as its own process by `runLoad` (harness.ts) so that it never shares a JS thread
 * with the server under test. It reads a JSON `LoadSpec` from the file named by its only argument, runs
 * autocannon, and prints one JSON `LoadSummary` line on stdout. SIGTERM stops it early (the summary then
 * covers the time it ran).
 */
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/**
 * What each request carries: the legacy envelope alone, or a bid submission on `marketId`. Bid submissions
 * carry a fresh `request_id` (idempotency key) each, as the app sends them, unless `keys` is false.
 */
export type BodyKind =
  | { kind: 'envelope' }
  /** One of six bet types at random, 1-3 rows each (the bid benchmark's mix). */
  | { kind: 'bid-mix'; marketId: number; keys?: boolean }
  /** One single-digit row on the open session. */
  | { kind: 'single-digit'; marketId: number; keys?: boolean }
  /** `points` to another of the players, at random (never the sender): a transfer, keyed. */
  | { kind: 'transfer'; points: number }
  /** A deposit request (a UPI payment claimed, pending an operator) of `points`, keyed. */
  | { kind: 'deposit'; points: number };

function fresh(body: BodyKind): boolean {
  if (body.kind === 'transfer' || body.kind === 'deposit') return true;
  return body.kind !== 'envelope' && body.keys !== false;
}

/** Unique across runs and connections: this process, a counter. */
let keySeq = 0;
function freshKey(): string {
  return `load-${process.pid}-${Date.now().toString(36)}-${keySeq++}`;
}

export interface LoadSpec {
  url: string;
  path: string;
  connections: number;
  seconds: number;
  /** Requests per second across all connections (open model); omitted: as fast as answers come. */
  overallRate?: number;
  /** Each request is sent as one of these players, at random (Bearer token). */
  tokens: readonly string[];
  /** The players' phones, in the order of `tokens` (a transfer's recipient). */
  mobiles?: readonly string[];
  /**
   * Each player's requests come from an address of its own (`X-Forwarded-For`, for a server that trusts the
   * loopback proxy): what a phone lookup's per-address budget sees in production, where players are not all
   * behind one address.
   */
  addressPerPlayer?: boolean;
  appKey: string;
  bidDate: string;
  body: BodyKind;
  /**
   * Leave out requests sent in the first this-many ms. This process's own start-up (building every
   * connection's request list and autocannon instance) delays the first answers it reads by up to a second,
   * which is not the server's latency.
   */
  skipFirstMs?: number;
}

export interface LoadSummary {
  seconds: number;
  requests: number;
  /** Answers per second (all status codes) over the run. */
  rps: number;
  /** Latency percentiles in ms, exact (from every response time, not autocannon's histogram buckets). */
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Connection errors and timeouts. */
  errors: number;
  non2xx: number;
  /** CPU seconds (user + system) the load generator itself used: what it took from the machine. */
  cpuSeconds: number;
  /** Requests sent again with an idempotency key already used (the prebuilt list came round): replays. */
  replays: number;
}

function rand(n: number): number {
  return Math.floor(Math.random() * n);
}

type BidRow = Record<string, string>;
const slates: ReadonlyArray<{ pana: string; rows: () => BidRow[] }> = [
  {
    pana: 'Single Digit',
    rows: () => [
      { digits: String(rand(10)), points: '10', session: 'open' },
      { digits: String(rand(10)), points: '20', session: 'close' },
    ],
  },
  { pana: 'Jodi Digit', rows: () => [{ digits: String(rand(100)).padStart(2, '0'), points: '10' }] },
  {
    pana: 'Single Pana',
    rows: () => [
      { digits: '123', points: '10', session: 'open' },
      { digits: '456', points: '10', session: 'close' },
      { digits: '789', points: '10', session: 'open' },
    ],
  },
  { pana: 'Double Pana', rows: () => [{ digits: '112', points: '10', session: 'open' }] },
  {
    pana: 'Half Sangam',
    rows: () => [{ digits: String(rand(10)), closedigits: '456', points: '10', session: 'Open' }],
  },
  { pana: 'SP Motor', rows: () => [{ digits: '12345', points: '10', session: 'open' }] },
];

/** Makes the body of one request sent by the player at index `sender` of the spec's tokens. */
export function bodyMaker(
  spec: Pick<LoadSpec, 'appKey' | 'bidDate' | 'body' | 'mobiles'>,
): (sender: number) => string {
  const { appKey, bidDate, body } = spec;
  switch (body.kind) {
    case 'transfer': {
      const mobiles = spec.mobiles ?? [];
      if (mobiles.length < 2) throw new Error('a transfer needs two players with phones');
      return (sender) =>
        JSON.stringify({
          app_key: appKey,
          env_type: 'Prod',
          request_id: freshKey(),
          mobile_no: mobiles[(sender + 1 + rand(mobiles.length - 1)) % mobiles.length],
          amount: String(body.points),
        });
    }
    case 'deposit':
      return () =>
        JSON.stringify({
          app_key: appKey,
          env_type: 'Prod',
          request_id: freshKey(),
          request_amount: String(body.points),
        });
    case 'envelope': {
      const fixed = JSON.stringify({ app_key: appKey, env_type: 'Prod' });
      return () => fixed;
    }
    case 'bid-mix':
      return () => {
        const slate = slates[rand(slates.length)] ?? slates[0];
        if (!slate) throw new Error('no slate');
        return JSON.stringify({
          app_key: appKey,
          env_type: 'Prod',
          ...(fresh(body) ? { request_id: freshKey() } : {}),
          game_id: body.marketId,
          new_result: { pana: slate.pana, bid_date: bidDate, result: slate.rows() },
        });
      };
    case 'single-digit':
      return () =>
        JSON.stringify({
          app_key: appKey,
          env_type: 'Prod',
          ...(fresh(body) ? { request_id: freshKey() } : {}),
          game_id: body.marketId,
          new_result: {
            pana: 'Single Digit',
            bid_date: bidDate,
            result: [{ digits: String(rand(10)), points: '10', session: 'open' }],
          },
        });
  }
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** Distinct requests each connection cycles through (players and bodies drawn at random up front). */
const REQUESTS_PER_CONNECTION = 512;
/**
 * With fresh idempotency keys a request must not come round again (it would be a replay), so each connection
 * gets enough for this many requests a second over the run, up to KEYED_SECONDS (a longer run, stopped early
 * by its signal, rarely needs more; past that keys repeat and the summary counts the replays). autocannon's
 * own `idReplacement` assumes ids of a length it does not produce, so its Content-Length comes out wrong.
 */
const KEYED_PER_CONNECTION_PER_SECOND = 150;
const KEYED_SECONDS = 60;

/**
 * One autocannon instance per connection, each cycling through its own shuffled list of prebuilt requests:
 * autocannon then sends ready buffers. (A `setupRequest` callback rebuilds every request in JS and halved
 * what the generator could send: a bare node:http server measured 6,400 req/s that way, 11,500 with
 * prebuilt requests.)
 */
export async function generateLoad(spec: LoadSpec, stopSignal?: AbortSignal): Promise<LoadSummary> {
  const body = bodyMaker(spec);
  const tokens = spec.tokens;
  let times = new Float64Array(1 << 16);
  let count = 0;
  let replays = 0;
  let first = 0;
  let last = 0;
  const skipUntil = performance.now() + (spec.skipFirstMs ?? 0);
  const record = (responseTime: number) => {
    const now = performance.now();
    if (now - responseTime < skipUntil) return;
    last = now;
    if (count === 0) first = last - responseTime;
    if (count === times.length) {
      const grown = new Float64Array(times.length * 2);
      grown.set(times);
      times = grown;
    }
    times[count++] = responseTime;
  };
  // Fewer requests per second than connections: one connection per request per second (as autocannon does).
  const connections = spec.overallRate ? Math.min(spec.connections, spec.overallRate) : spec.connections;
  const perConnection = fresh(spec.body)
    ? Math.ceil(Math.min(spec.seconds + 5, KEYED_SECONDS) * KEYED_PER_CONNECTION_PER_SECOND)
    : REQUESTS_PER_CONNECTION;
  const lists = Array.from({ length: connections }, () =>
    Array.from({ length: perConnection }, () => {
      const sender = rand(tokens.length);
      return {
        method: 'POST' as const,
        path: spec.path,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${tokens[sender] ?? ''}`,
          ...(spec.addressPerPlayer
            ? { 'x-forwarded-for': `10.${(sender >> 16) & 255}.${(sender >> 8) & 255}.${sender & 255}` }
            : {}),
        },
        body: body(sender),
      };
    }),
  );
  const instances: autocannon.Instance[] = [];
  stopSignal?.addEventListener('abort', () => instances.forEach((i) => i.stop()), { once: true });
  const cpu = process.cpuUsage();
  const started = performance.now();
  const runs = lists.map((requests, i) => {
    // The overall rate split across connections as evenly as whole numbers allow.
    const rate = spec.overallRate
      ? Math.floor(spec.overallRate / connections) + (i < spec.overallRate % connections ? 1 : 0)
      : 0;
    let instance: autocannon.Instance | undefined;
    const done = new Promise<autocannon.Result>((resolve, reject) => {
      instance = autocannon(
        {
          url: spec.url,
          connections: 1,
          // Stopped together below; this is only a backstop.
          duration: spec.seconds + 60,
          ...(rate > 0 ? { connectionRate: rate } : {}),
          requests,
        },
        (error: unknown, result) => (error ? reject(error) : resolve(result)),
      );
    });
    if (instance) {
      let sent = 0;
      instance.on('response', (_client, _status, _bytes, responseTime) => {
        record(responseTime);
        if (++sent > requests.length && fresh(spec.body)) replays++;
      });
      instances.push(instance);
    }
    return done;
  });
  const timer = setTimeout(() => instances.forEach((i) => i.stop()), spec.seconds * 1000);
  const results = await Promise.all(runs);
  clearTimeout(timer);
  // From the first request's start to the last answer: connection set-up and the wind-down do not count.
  const seconds = count > 0 ? (last - first) / 1000 : (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const sorted = times.subarray(0, count).sort();
  return {
    seconds,
    requests: count,
    rps: count / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[count - 1] ?? Number.NaN,
    errors: results.reduce((n, r) => n + r.errors, 0),
    non2xx: results.reduce((n, r) => n + r.non2xx, 0),
    cpuSeconds: (used.user + used.system) / 1e6,
    replays,
  };
}

const specPath = process.argv[2];
if (specPath && process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const spec = JSON.parse(readFileSync(specPath, 'utf8')) as LoadSpec;
  const stop = new AbortController();
  process.once('SIGTERM', () => stop.abort());
  const summary = await generateLoad(spec, stop.signal);
  process.stdout.write(`${JSON.stringify(summary)}\n`);
}
