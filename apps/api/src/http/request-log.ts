/**
 * The request log an operator can afford (issue 30): one line per request, instead of Fastify's two, and no
 * line at all for a successful answer to a read the apps poll every few seconds (the wallet, the market lists:
 * entries marked `polled` in the catalogue). Those are counted and written as one summary line per route a
 * minute. Every money call, every refusal and error, and every slow answer keeps its own line, so nothing an
 * investigation needs is summarised away; 200 players polling the home list no longer write 80 lines a second.
 * Fastify's own error lines (the default error handler, stream and serializer errors) are left as they are.
 */
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

/** Route options' `config` as `route()` fills it. */
export interface RouteLogConfig {
  polled?: boolean;
}

interface Tally {
  count: number;
  totalMs: number;
  maxMs: number;
}

const isPolled = (request: FastifyRequest) =>
  (request.routeOptions.config as RouteLogConfig | undefined)?.polled === true;

const tenths = (ms: number) => Math.round(ms * 10) / 10;

export class RequestLog extends LogController {
  private readonly tallies = new Map<string, Tally>();
  private since = Date.now();

  /** `slowMs`: a polled read slower than this is logged on its own line like any other request. */
  constructor(private readonly slowMs = 1_000) {
    super();
  }

  override incomingRequest(): void {
    // The completed line says everything the incoming one did.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const ms = reply.elapsedTime;
    if (!error && isPolled(request) && reply.statusCode < 400 && ms < this.slowMs) {
      const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
      const tally = this.tallies.get(route) ?? { count: 0, totalMs: 0, maxMs: 0 };
      tally.count++;
      tally.totalMs += ms;
      tally.maxMs = Math.max(tally.maxMs, ms);
      this.tallies.set(route, tally);
      return;
    }
    const line = {
      req: { method: request.method, url: request.url, remoteAddress: request.ip },
      res: { statusCode: reply.statusCode },
      responseTime: tenths(ms),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }

  /** Writes the polled reads counted since the last summary, if any, and starts counting afresh. */
  flush(app: FastifyInstance): void {
    if (this.tallies.size > 0) {
      const polled = [...this.tallies].map(([route, t]) => ({
        route,
        count: t.count,
        mean_ms: tenths(t.totalMs / t.count),
        max_ms: tenths(t.maxMs),
      }));
      app.log.info({ polled, window_s: Math.round((Date.now() - this.since) / 1000) }, 'polled reads');
      this.tallies.clear();
    }
    this.since = Date.now();
  }
}

/** The summary every `everyMs` while the server runs, and the last one when it closes. */
export function summarisePolledReads(app: FastifyInstance, log: RequestLog, everyMs = 60_000): void {
  const timer = setInterval(() => log.flush(app), everyMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    log.flush(app);
  });
}
