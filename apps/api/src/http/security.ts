import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppError } from './errors.ts';

const helmetOptions = {
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
  referrerPolicy: { policy: 'no-referrer' as const },
  // HSTS only means something over TLS; the proxy in front adds it there.
  strictTransportSecurity: false,
};

/**
 * The headers helmet sets with our options, computed once. They depend on nothing in the request (no CSP
 * nonces), so running helmet per request (which @fastify/helmet did, parsing the CSP directives every time)
 * only cost CPU. Helmet still decides the set; we record what its middleware writes.
 */
export function securityHeaders(): Record<string, string> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let failure: unknown;
  helmet(helmetOptions)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => (failure = error),
  );
  if (failure) throw failure;
  return Object.fromEntries(headers);
}

function isApi(url: string): boolean {
  return url.startsWith('/api') || url.startsWith('/admin-api');
}

/** Headers on every response, JSON-only bodies, and refusal of cross-site state changes (S6, S7). */
export async function registerSecurity(app: FastifyInstance): Promise<void> {
  const headers = Object.entries(securityHeaders());
  // API answers are per-user and never cached.
  const apiHeaders = [...headers, ['cache-control', 'no-store'] as const];

  // Fastify parses text/plain by default; a JSON API must not accept the "simple" cross-site form types.
  app.removeContentTypeParser('text/plain');

  // PostgreSQL text cannot hold U+0000: a body or query carrying one would fail in the database (a 500), so it is
  // refused as malformed before any handler runs. No client has a reason to send it.
  app.addHook(
    'preValidation',
    (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
      done(hasNul(request.body) || hasNul(request.query) ? malformed() : undefined);
    },
  );

  // One synchronous hook for every request (404s included): the headers, then the cross-site check.
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    for (const [name, value] of isApi(request.url) ? apiHeaders : headers) reply.header(name, value);
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return done();
    done(crossSiteError(request));
  });
}

const refused = () => new AppError('CROSS_SITE', 'Cross-site requests are not allowed');
const malformed = () => new AppError('VALIDATION', 'Malformed request');

/** Whether any string or key in a parsed body or query contains U+0000; iterative, so deep nesting is no risk. */
export function hasNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (Array.isArray(next)) {
      // One by one: spreading a 100k-element array into push() would overflow the call stack.
      for (const item of next) pending.push(item);
    } else if (next !== null && typeof next === 'object') {
      for (const [key, child] of Object.entries(next)) {
        if (key.includes('\u0000')) return true;
        pending.push(child);
      }
    }
  }
  return false;
}

function crossSiteError(request: FastifyRequest): AppError | undefined {
  if (request.headers['sec-fetch-site'] === 'cross-site') return refused();
  const origin = request.headers.origin;
  if (origin === 'null') return refused();
  if (origin) {
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      return refused();
    }
    if (originHost !== request.headers.host) return refused();
  }
  return undefined;
}
