/**
 * The player app at `/`, the operator console at `/admin/` (its own bundle: players never download it), their
 * assets and the demo images, all from this one port, delivered as a CDN would: the build's brotli and gzip copies
 * chosen by Accept-Encoding, hashed assets cached for a year, and everything else revalidated by ETag every time.
 */
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { SetHeadersResponse } from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { failureBody } from './errors.ts';

/** Vite names every file under `assets/` by its content hash: a new build is a new name, never a changed file. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Pages, the manifest, icons and (later) the service worker: cached, but asked again (ETag) on every use. */
export const REVALIDATE = 'no-cache';
/** The demo images under /static/ are not hashed; a day is long enough to spare a phone's data, short enough to fix one. */
const DEMO_IMAGES = 'public, max-age=86400';

const ENCODINGS = ['br', 'gzip', 'identity'] as const;
type Encoding = (typeof ENCODINGS)[number];

interface IndexPage {
  bodies: Record<Encoding, Buffer>;
  etag: string;
}

export interface StaticOptions {
  publicDir: string;
  webDist: string;
  adminDist: string;
  appKey: string;
}

/** The built index page of an app with its compressed copies, or undefined when that app has not been built. */
export function readIndex(dist: string, appKey: string, file = 'index.html'): IndexPage | undefined {
  let page: string;
  try {
    page = readFileSync(path.join(dist, file), 'utf8');
  } catch (error) {
    // Not built, or gone while a build empties the folder to write it again: asked once, rather than seen and
    // then read, so there is no moment between the two.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  // The app key is not a secret (it identifies the client app), so the page can carry it.
  const identity = Buffer.from(page.replace('%GAMA_APP_KEY%', appKey));
  return {
    bodies: {
      identity,
      br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(identity, { level: 9 }),
    },
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
  };
}

function sendIndex(request: FastifyRequest, reply: FastifyReply, page: IndexPage) {
  reply.header('cache-control', REVALIDATE).header('vary', 'Accept-Encoding').header('etag', page.etag);
  if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
  const accepted = request.headers['accept-encoding'];
  const encoding = (accepted ? negotiate(accepted, [...ENCODINGS]) : undefined) ?? 'identity';
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.type('text/html; charset=utf-8').send(page.bodies[encoding]);
}

function assetHeaders(res: SetHeadersResponse, filePath: string): void {
  const hashed = filePath.split(path.sep).includes('assets');
  res.setHeader('cache-control', hashed ? IMMUTABLE : REVALIDATE);
  res.setHeader('vary', 'Accept-Encoding');
}

const isConsolePath = (urlPath: string) => urlPath === '/admin' || urlPath.startsWith('/admin/');

export async function registerStatic(app: FastifyInstance, options: StaticOptions): Promise<void> {
  await app.register(fastifyStatic, {
    root: options.publicDir,
    prefix: '/static/',
    decorateReply: false,
    cacheControl: false,
    setHeaders: (res) => res.setHeader('cache-control', DEMO_IMAGES),
  });
  const assets = {
    index: false,
    wildcard: true,
    preCompressed: true,
    cacheControl: false,
    setHeaders: assetHeaders,
  } as const;
  // The player app has two pages (apps/web/build/first-paint.ts): index.html draws the landing and the login
  // screen before its scripts; app.html, for every other address, is the same page without the drawn screens'
  // script, which a signed-in player on home would download for nothing. A build without it uses index.html.
  const playerPage = readIndex(options.webDist, options.appKey);
  const playerAppPage = readIndex(options.webDist, options.appKey, 'app.html') ?? playerPage;
  const consolePage = readIndex(options.adminDist, options.appKey);
  if (playerPage && playerAppPage) {
    await app.register(fastifyStatic, { root: options.webDist, prefix: '/', ...assets });
    for (const url of ['/', '/index.html', '/login']) {
      app.get(url, (request, reply) => sendIndex(request, reply, playerPage));
    }
    app.get('/app.html', (request, reply) => sendIndex(request, reply, playerAppPage));
  }
  if (consolePage) {
    await app.register(fastifyStatic, {
      root: options.adminDist,
      prefix: '/admin/',
      decorateReply: false,
      ...assets,
    });
    app.get('/admin', (_request, reply) => reply.redirect('/admin/'));
    app.get('/admin/', (request, reply) => sendIndex(request, reply, consolePage));
    app.get('/admin/index.html', (request, reply) => sendIndex(request, reply, consolePage));
  }
  // Unknown API paths get the JSON error shape; every other page path is the route of the app it is under.
  app.setNotFoundHandler((request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '';
    const isApi =
      urlPath.startsWith('/api') || urlPath.startsWith('/admin-api') || urlPath.startsWith('/static/');
    const isPage = request.method === 'GET' && !isApi && !/\.[a-z0-9]+$/i.test(urlPath);
    if (isPage && isConsolePath(urlPath)) {
      if (consolePage) return sendIndex(request, reply, consolePage);
    } else if (isPage && playerAppPage) {
      return sendIndex(request, reply, playerAppPage);
    }
    return reply.code(404).send(failureBody('NOT_FOUND', `No such endpoint: ${request.method} ${urlPath}`));
  });
}
