/**
 * The request log an operator can afford (issue 30): one line per request, instead of Fastify's two, and no
 * line at all for a successful answer to a read the apps poll every few seconds (the wallet, the market lists:
 * entries marked `polled` in the catalogue). Those are counted and written as one summary line per route a
 * minute. Every money call, every refusal and error, and every slow answer keeps its own line, so nothing an
 * investigation needs is summarised away; 200 players polling the home list no longer write 80 lines a second.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Route options' `config` as `route()` fills it. */
export interface RouteLogConfig {
  polled?: boolean;
}

export interface RequestLogOptions {
  /** How often the polled reads' summary is written. */
  summaryEveryMs?: number;
  /** A polled read slower than this is logged on its own line like any other request. */
  slowMs?: number;
}

interface Tally {
  count: number;
  totalMs: number;
  maxMs: number;
}

const isPolled = (request: FastifyRequest) =>
  (request.routeOptions.config as RouteLogConfig | undefined)?.polled === true;

export function registerRequestLog(app: FastifyInstance, options: RequestLogOptions = {}): void {
  const summaryEveryMs = options.summaryEveryMs ?? 60_000;
  const slowMs = options.slowMs ?? 1_000;
  const tallies = new Map<string, Tally>();
  let since = Date.now();

  const flush = () => {
    if (tallies.size > 0) {
      const routes = [...tallies].map(([route, t]) => ({
        route,
        count: t.count,
        mean_ms: Math.round((t.totalMs / t.count) * 10) / 10,
        max_ms: Math.round(t.maxMs * 10) / 10,
      }));
      app.log.info({ polled: routes, window_s: Math.round((Date.now() - since) / 1000) }, 'polled reads');
      tallies.clear();
    }
    since = Date.now();
  };

  app.addHook('onResponse', async (request, reply) => {
    const ms = reply.elapsedTime;
    if (isPolled(request) && reply.statusCode < 400 && ms < slowMs) {
      const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
      const tally = tallies.get(route) ?? { count: 0, totalMs: 0, maxMs: 0 };
      tally.count++;
      tally.totalMs += ms;
      tally.maxMs = Math.max(tally.maxMs, ms);
      tallies.set(route, tally);
      return;
    }
    request.log.info(
      {
        req: { method: request.method, url: request.url, remoteAddress: request.ip },
        res: { statusCode: reply.statusCode },
        responseTime: Math.round(ms * 10) / 10,
      },
      'request',
    );
  });

  const timer = setInterval(flush, summaryEveryMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    flush();
  });
}
