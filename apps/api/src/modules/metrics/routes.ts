/**
 * GET /metrics for Prometheus, and the request counters every route feeds. The metrics tell how busy the
 * business is (bids per second, refusals, settlements), so they are not public: a scrape carries
 * `Authorization: Bearer METRICS_TOKEN`, and without a configured token the route answers as if absent.
 */
import { endpoints } from '@gama/core/endpoints';
import type { FastifyInstance } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { AppError } from '../../http/errors.ts';
import { RawReply, route } from '../../http/route.ts';

/** Requests with no route (unknown paths) share one label, so a scan cannot grow the series without bound. */
const UNMATCHED = 'unmatched';

export function registerRequestMetrics(app: FastifyInstance): void {
  const { metrics } = app.deps;
  // A callback hook, not an async one: it runs after every answer, and an async hook costs a promise and a
  // microtask turn per request for nothing it waits on.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.request(
      request.method,
      request.routeOptions.url ?? UNMATCHED,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
}

function tokenMatches(header: string | undefined, token: string): boolean {
  if (!header?.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice(7).trim());
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function metricsRoutes(app: FastifyInstance): void {
  const { metrics, config } = app.deps;
  route(app, endpoints.metrics, async ({ request, reply }) => {
    const token = config.METRICS_TOKEN;
    if (token === undefined) {
      throw new AppError('NOT_FOUND', `No such endpoint: ${request.method} ${endpoints.metrics.path}`);
    }
    if (!tokenMatches(request.headers.authorization, token)) {
      throw new AppError('UNAUTHENTICATED', 'A valid metrics token is required', {
        'www-authenticate': 'Bearer realm="metrics"',
      });
    }
    const text = await metrics.text();
    return new RawReply(reply.type(metrics.contentType).header('cache-control', 'no-store').send(text));
  });
}
