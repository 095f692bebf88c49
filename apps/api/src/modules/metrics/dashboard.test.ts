/**
 * The Grafana dashboard in deploy/grafana reads only series this server exports: a renamed metric would leave
 * a panel silently empty in production, so every metric name in a panel's query must appear in a real
 * scrape of the registry (with the pool and a cache watched, as on PostgreSQL).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CacheStats } from '../../lib/cache-stats.ts';
import { Metrics } from '../../lib/metrics.ts';

interface Target {
  expr: string;
}
interface Panel {
  id: number;
  title: string;
  targets: Target[];
}

const dashboardPath = fileURLToPath(new URL('../../../../../deploy/grafana/gama-api.json', import.meta.url));
const dashboard = JSON.parse(readFileSync(dashboardPath, 'utf8')) as { uid: string; panels: Panel[] };

/** Metric names a PromQL expression reads (functions, labels and keywords are not followed by `{` or `[`). */
function metricNames(expr: string): string[] {
  return [...expr.matchAll(/\b([a-z_][a-z0-9_]*)\s*[{[]/g)].map((m) => m[1] ?? '');
}

async function exported(): Promise<Set<string>> {
  const metrics = new Metrics();
  metrics.watchPool({
    pool: { totalCount: 2, idleCount: 1, waitingCount: 0, options: { max: 10 } },
    poolWaits: { acquired: 3, waited: 1, waitSeconds: 0.01 },
  });
  const markets = new CacheStats();
  markets.hit();
  markets.miss();
  metrics.watchCaches({ markets });
  metrics.request('GET', '/api-main-game', 200, 0.01);
  metrics.settlement('ok', 0.5, 10);
  metrics.bidsPlaced('main', 2, 1);
  metrics.bidRefused('main', 'balance');
  const names = new Set<string>();
  for (const line of (await metrics.text()).split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)[{ ]/.exec(line);
    if (match?.[1] !== undefined && !line.startsWith('#')) names.add(match[1]);
  }
  return names;
}

/** Names the dashboard reads that no scrape carries. */
function missing(panels: readonly Panel[], names: ReadonlySet<string>): string[] {
  return panels.flatMap((panel) =>
    panel.targets.flatMap((target) =>
      metricNames(target.expr)
        .filter((name) => !names.has(name))
        .map((name) => `${panel.title}: ${name}`),
    ),
  );
}

describe('deploy/grafana/gama-api.json', () => {
  it('reads only series the server exports', async () => {
    const names = await exported();
    expect(dashboard.panels.length).toBeGreaterThan(10);
    expect(missing(dashboard.panels, names)).toEqual([]);
    // Every kind of metric the issue names has a panel: requests, latency, bids, refusals, settlement, pool,
    // caches, event-loop lag.
    const read = new Set(dashboard.panels.flatMap((p) => p.targets.flatMap((t) => metricNames(t.expr))));
    for (const name of [
      'gama_http_requests_total',
      'gama_http_request_duration_seconds_bucket',
      'gama_bids_placed_total',
      'gama_bids_refused_total',
      'gama_settlement_duration_seconds_bucket',
      'gama_db_pool_waits_total',
      'gama_cache_requests_total',
      'nodejs_eventloop_lag_p99_seconds',
    ]) {
      expect(read, name).toContain(name);
    }
  });

  it('would catch a panel reading a series that is not exported', async () => {
    const names = await exported();
    const planted: Panel = {
      id: 99,
      title: 'Renamed',
      targets: [{ expr: 'rate(gama_bids_total{job="x"}[5m])' }],
    };
    expect(missing([planted], names)).toEqual(['Renamed: gama_bids_total']);
  });

  it('has unique panel ids and a query in every panel', () => {
    const ids = dashboard.panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const panel of dashboard.panels) expect(panel.targets.length, panel.title).toBeGreaterThan(0);
    expect(dashboard.uid).toBe('gama-api');
  });
});
