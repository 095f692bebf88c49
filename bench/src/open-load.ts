/**
 * An open-model load generator (reliability P1), run as its own process by `runOpenLoad` (harness.ts). Bid
 * submissions arrive on a fixed schedule whatever the server's latency, as players do. Closed-model tools
 * (autocannon, a fixed set of connections) slow down with the server and so hide its queueing. Each latency counts
 * from the request's scheduled arrival, not from when a free socket let it go, so a server that falls behind
 * shows it (no coordinated omission). It reads a JSON `OpenLoadSpec` from the file named by its only argument
 * and prints one JSON `OpenLoadSummary` line on stdout.
 */
import { ALL_PANAS, DOUBLE_PANAS, SINGLE_PANAS, TRIPLE_PANAS } from '@gama/core/rules/panas';
import { Agent, request } from 'node:http';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export interface OpenLoadPhase {
  name: string;
  seconds: number;
  /** Arrivals per second, evenly spaced. */
  rate: number;
}

export interface OpenLoadSpec {
  url: string;
  path: string;
  tokens: readonly string[];
  appKey: string;
  bidDate: string;
  marketId: number;
  phases: readonly OpenLoadPhase[];
  /** An answer later than this counts as a timeout (the request is abandoned). */
  timeoutMs: number;
}

export interface PhaseSummary {
  name: string;
  sent: number;
  /** Arrivals per second over the phase's scheduled length. */
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Answers with `status: true` (bids placed). */
  accepted: number;
  /** 2xx answers with `status: false`, by message (e.g. a player out of points). */
  refused: Record<string, number>;
  status5xx: number;
  /** Other non-2xx answers, by status code. */
  non2xx: Record<string, number>;
  errors: number;
  timeouts: number;
}

export interface OpenLoadSummary {
  phases: PhaseSummary[];
  /** The idempotency key of every accepted submission, so the bench can find each one in the database. */
  acceptedKeys: string[];
  /** Largest lag of the sender behind its own schedule (ms): above a few ms the generator itself was too slow. */
  senderLagMs: number;
  cpuSeconds: number;
}

function rand(n: number): number {
  return Math.floor(Math.random() * n);
}

function pick<T>(list: readonly T[]): T {
  const item = list[rand(list.length)];
  if (item === undefined) throw new Error('empty list');
  return item;
}

function motorDigits(count: number): string {
  const digits = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'].sort(() => Math.random() - 0.5);
  return digits.slice(0, count).join('');
}

type Row = Record<string, string>;
const session = () => (Math.random() < 0.5 ? 'open' : 'close');
const points = () => String(10 * (1 + rand(10)));

/** Every main-market bet type the server stores (SP DP TP arrives as Single, Double and Triple Pana lists). */
const slates: ReadonlyArray<{ pana: string; row: () => Row }> = [
  { pana: 'Single Digit', row: () => ({ digits: String(rand(10)), points: points(), session: session() }) },
  { pana: 'Jodi Digit', row: () => ({ digits: String(rand(100)).padStart(2, '0'), points: points() }) },
  { pana: 'Single Pana', row: () => ({ digits: pick(SINGLE_PANAS), points: points(), session: session() }) },
  { pana: 'Double Pana', row: () => ({ digits: pick(DOUBLE_PANAS), points: points(), session: session() }) },
  { pana: 'Triple Pana', row: () => ({ digits: pick(TRIPLE_PANAS), points: points(), session: session() }) },
  {
    pana: 'Half Sangam',
    row: () => ({
      digits: String(rand(10)),
      closedigits: pick(ALL_PANAS),
      points: points(),
      session: session(),
    }),
  },
  {
    pana: 'Full Sangam',
    row: () => ({ digits: pick(ALL_PANAS), closedigits: pick(ALL_PANAS), points: points() }),
  },
  { pana: 'SP Motor', row: () => ({ digits: motorDigits(4 + rand(3)), points: '10', session: session() }) },
  { pana: 'DP Motor', row: () => ({ digits: motorDigits(4), points: '10', session: session() }) },
];

let keySeq = 0;

/** A random valid submission: one bet type, 1 to 20 rows, with its own idempotency key. */
export function spikeBody(spec: Pick<OpenLoadSpec, 'appKey' | 'bidDate' | 'marketId'>, key: string): string {
  const slate = pick(slates);
  const rows = Array.from({ length: 1 + rand(20) }, () => slate.row());
  return JSON.stringify({
    app_key: spec.appKey,
    env_type: 'Prod',
    request_id: key,
    game_id: spec.marketId,
    new_result: { pana: slate.pana, bid_date: spec.bidDate, result: rows },
  });
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

interface Outcome {
  key: string;
  latency: number;
  kind: 'accepted' | 'refused' | '5xx' | 'non2xx' | 'error' | 'timeout';
  detail?: string;
}

export async function generateOpenLoad(spec: OpenLoadSpec): Promise<OpenLoadSummary> {
  const target = new URL(spec.url);
  // Enough sockets that arrivals never wait for one: a socket per request in flight.
  const agent = new Agent({ keepAlive: true, maxSockets: 1_024 });
  const cpu = process.cpuUsage();
  let senderLagMs = 0;

  const send = (scheduled: number): Promise<Outcome> => {
    const key = `open-${process.pid}-${keySeq++}`;
    const body = spikeBody(spec, key);
    const token = pick(spec.tokens);
    return new Promise((resolve) => {
      let done = false;
      const finish = (outcome: Omit<Outcome, 'latency' | 'key'>) => {
        if (done) return;
        done = true;
        resolve({ ...outcome, key, latency: performance.now() - scheduled });
      };
      const req = request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          method: 'POST',
          path: spec.path,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            authorization: `Bearer ${token}`,
          },
          timeout: spec.timeoutMs,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            if (status >= 500) return finish({ kind: '5xx', detail: String(status) });
            if (status < 200 || status >= 300) return finish({ kind: 'non2xx', detail: String(status) });
            const answer = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
              status?: boolean;
              msg?: string;
            };
            finish(answer.status ? { kind: 'accepted' } : { kind: 'refused', detail: answer.msg ?? '' });
          });
          res.on('error', () => finish({ kind: 'error' }));
        },
      );
      req.on('timeout', () => {
        finish({ kind: 'timeout' });
        req.destroy();
      });
      req.on('error', () => finish({ kind: 'error' }));
      req.end(body);
    });
  };

  // Phases follow each other without a gap: the next one starts sending while the last one's answers come in.
  const sent: Array<{ phase: OpenLoadPhase; pending: Array<Promise<Outcome>> }> = [];
  for (const phase of spec.phases) {
    const total = Math.round(phase.seconds * phase.rate);
    const interval = 1_000 / phase.rate;
    const start = performance.now();
    const pending: Array<Promise<Outcome>> = [];
    // Arrivals are due at start + i * interval; a 1 ms tick sends every one that is due, late or not.
    await new Promise<void>((resolve) => {
      const tick = () => {
        const now = performance.now();
        while (pending.length < total && start + pending.length * interval <= now) {
          const scheduled = start + pending.length * interval;
          senderLagMs = Math.max(senderLagMs, now - scheduled);
          pending.push(send(scheduled));
        }
        if (pending.length >= total) resolve();
        else setTimeout(tick, 1);
      };
      tick();
    });
    sent.push({ phase, pending });
  }
  const phases: PhaseSummary[] = [];
  const acceptedKeys: string[] = [];
  for (const { phase, pending } of sent) {
    const outcomes = await Promise.all(pending);
    for (const o of outcomes) if (o.kind === 'accepted') acceptedKeys.push(o.key);
    const latencies = outcomes.map((o) => o.latency).sort((a, b) => a - b);
    const count = (kind: Outcome['kind']) => outcomes.filter((o) => o.kind === kind).length;
    const tally = (kind: Outcome['kind']) => {
      const byDetail: Record<string, number> = {};
      for (const o of outcomes)
        if (o.kind === kind) byDetail[o.detail ?? ''] = (byDetail[o.detail ?? ''] ?? 0) + 1;
      return byDetail;
    };
    phases.push({
      name: phase.name,
      sent: outcomes.length,
      rps: outcomes.length / phase.seconds,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? Number.NaN,
      accepted: count('accepted'),
      refused: tally('refused'),
      status5xx: count('5xx'),
      non2xx: tally('non2xx'),
      errors: count('error'),
      timeouts: count('timeout'),
    });
  }
  agent.destroy();
  const used = process.cpuUsage(cpu);
  return { phases, acceptedKeys, senderLagMs, cpuSeconds: (used.user + used.system) / 1e6 };
}

const specPath = process.argv[2];
if (specPath && process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const spec = JSON.parse(readFileSync(specPath, 'utf8')) as OpenLoadSpec;
  const summary = await generateOpenLoad(spec);
  process.stdout.write(`${JSON.stringify(summary)}\n`);
}
