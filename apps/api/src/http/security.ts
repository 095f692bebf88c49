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
  // refused as malformed before any handler runs. No client has a reason to send it. Looked for in the raw
  // text, where it can only be the escape `\u0000` (JSON) or `%00` (a query): a search of the text costs far
  // less than walking every parsed body of every request (measured: about 150 µs per bid submission).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (jsonTextHasNul(text)) return done(malformed(), undefined);
    parseJson(request, text, done);
  });

  // One synchronous hook for every request (404s included): the headers, then the cross-site check.
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    for (const [name, value] of isApi(request.url) ? apiHeaders : headers) reply.header(name, value);
    const query = request.url.indexOf('?');
    if (query !== -1 && request.url.includes('%00', query)) return done(malformed());
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return done();
    done(crossSiteError(request));
  });
}

const refused = () => new AppError('CROSS_SITE', 'Cross-site requests are not allowed');
const malformed = () => new AppError('VALIDATION', 'Malformed request');

/**
 * Whether JSON text carries U+0000, which it can only as the escape `\u0000` (a raw control character is not
 * valid JSON). An escape preceded by an escaped backslash (`\\u0000`) is the six characters of text, not NUL.
 */
export function jsonTextHasNul(text: string): boolean {
  for (let at = text.indexOf('\\u0000'); at !== -1; at = text.indexOf('\\u0000', at + 1)) {
    let slashes = 0;
    while (at - slashes >= 0 && text.charCodeAt(at - slashes) === 92) slashes++;
    if (slashes % 2 === 1) return true;
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
