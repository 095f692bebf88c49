import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/** Headers on every response, JSON-only bodies, and refusal of cross-site state changes (S6, S7). */
export async function registerSecurity(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // The toast library injects a <style> element.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'no-referrer' },
    // HSTS only means something over TLS; the proxy in front adds it there.
    strictTransportSecurity: false,
  });

  // Fastify parses text/plain by default; a JSON API must not accept the "simple" cross-site form types.
  app.removeContentTypeParser('text/plain');

  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site') throw new AppError('CROSS_SITE', 'Cross-site requests are not allowed');
    const origin = request.headers.origin;
    if (origin && origin !== 'null') {
      let originHost: string;
      try {
        originHost = new URL(origin).host;
      } catch {
        throw new AppError('CROSS_SITE', 'Cross-site requests are not allowed');
      }
      if (originHost !== request.headers.host)
        throw new AppError('CROSS_SITE', 'Cross-site requests are not allowed');
    } else if (origin === 'null') {
      throw new AppError('CROSS_SITE', 'Cross-site requests are not allowed');
    }
  });

  app.addHook('onSend', async (request, reply) => {
    const url = request.url;
    if (url.startsWith('/api') || url.startsWith('/admin-api')) reply.header('cache-control', 'no-store');
  });
}
