/** Builds a ready Fastify instance; `server.ts` listens, tests call `inject`. */
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { endpoints } from '@gama/core/endpoints';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { Deps } from './deps.ts';
import { failureBody, registerErrorHandler } from './http/errors.ts';
import { route } from './http/route.ts';
import { registerSecurity } from './http/security.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { bidRoutes } from './modules/bids/routes.ts';
import { resultRoutes } from './modules/results/routes.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { contentConsoleRoutes } from './modules/content/console-routes.ts';
import { devRoutes } from './modules/dev/routes.ts';
import { depositRoutes } from './modules/funds/deposit-routes.ts';
import { docsRoutes } from './modules/docs/routes.ts';
import { fundsRoutes } from './modules/funds/routes.ts';
import { withdrawalRoutes } from './modules/funds/withdrawal-routes.ts';
import { adminPlayerRoutes } from './modules/players/admin-routes.ts';
import { MarketCache } from './modules/markets/list.ts';
import { marketRoutes } from './modules/markets/routes.ts';
import { SESSION_CHANNEL, SessionCache } from './modules/auth/session-cache.ts';
import { resolveSession, sessionTokenFrom } from './modules/auth/sessions.ts';
import { operatorFromRequest } from './modules/operators/sessions.ts';
import { WALLET_CHANNEL, WalletCache } from './modules/wallet/cache.ts';
import { walletBalancesOf } from './modules/wallet/service.ts';
import { SettingsCache } from './modules/content/settings.ts';
import { operatorRoutes } from './modules/operators/routes.ts';
import { profileRoutes } from './modules/profile/routes.ts';
import { rateRoutes } from './modules/rates/routes.ts';
import { reconciliationRoutes } from './modules/reconciliation/routes.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { reportRoutes } from './modules/reports/routes.ts';
import { transferRoutes } from './modules/transfers/routes.ts';
import { walletRoutes } from './modules/wallet/routes.ts';
import type { SmsProvider } from './sms/provider.ts';
import { createSmsProvider } from './sms/provider.ts';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
const defaultWebDist = fileURLToPath(new URL('../../web/dist/', import.meta.url));
const defaultAdminDist = fileURLToPath(new URL('../../admin/dist/', import.meta.url));

export interface BuildOptions {
  config: Config;
  db: Database;
  clock: Clock;
  pepper: string;
  sms?: SmsProvider;
  /** false: no logs; a stream: JSON log lines go there (tests scan them for secrets). */
  logger?: false | { write(line: string): void };
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            // Tokens travel in these headers; bodies are never logged.
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
            ...(options.logger ? { stream: options.logger } : {}),
          },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 256 * 1024,
    genReqId: () => crypto.randomUUID(),
  });
  // Both caches wait for their LISTEN to be up before they keep anything (see session-cache.ts and wallet/cache.ts).
  const sessions = new SessionCache(false);
  const deps: Deps = {
    db: options.db,
    clock: options.clock,
    config,
    pepper: options.pepper,
    sms: options.sms ?? createSmsProvider(config, options.db, options.clock),
    markets: new MarketCache(options.db, options.clock),
    settings: new SettingsCache(options.db, () => options.clock.now().getTime()),
    sessions,
    wallets: new WalletCache(
      (ids) => walletBalancesOf(options.db, ids),
      () => options.clock.now().getTime(),
    ),
    callers: {
      player: async (request, body) => {
        const token = sessionTokenFrom(request, body);
        return token ? resolveSession(options.db, options.clock, token, sessions) : null;
      },
      operator: (request, opts) => operatorFromRequest(options.db, options.clock, request, opts),
    },
  };
  app.decorate('deps', deps);
  const { wallets } = deps;
  const stopSessions = options.db.listen(SESSION_CHANNEL, {
    notice: (payload) => sessions.apply(payload),
    state: (listening) => sessions.setLive(listening),
  });
  const stopWallets = options.db.listen(WALLET_CHANNEL, {
    notice: (payload) => wallets.apply(payload),
    state: (listening) => wallets.setLive(listening),
  });
  app.addHook('onClose', async () => {
    await Promise.all([stopSessions(), stopWallets()]);
  });

  registerErrorHandler(app);
  await registerSecurity(app);
  await app.register(cookie);

  route(app, endpoints.health, async () => {
    await deps.db.query('SELECT 1');
    return { status: 'ok' };
  });

  authRoutes(app);
  profileRoutes(app);
  contentRoutes(app);
  contentConsoleRoutes(app);
  walletRoutes(app);
  fundsRoutes(app);
  transferRoutes(app);
  depositRoutes(app);
  withdrawalRoutes(app);
  adminPlayerRoutes(app);
  marketRoutes(app);
  bidRoutes(app);
  resultRoutes(app);
  operatorRoutes(app);
  settingsRoutes(app);
  rateRoutes(app);
  reconciliationRoutes(app);
  auditRoutes(app);
  reportRoutes(app);
  devRoutes(app);
  await docsRoutes(app);

  await registerStatic(app, config);
  return app;
}

/** The built index page of an app, or undefined when that app has not been built. */
function readIndex(dist: string, appKey: string): string | undefined {
  const indexPath = `${dist}/index.html`;
  // The app key is not a secret (it identifies the client app), so the page can carry it.
  return existsSync(indexPath)
    ? readFileSync(indexPath, 'utf8').replace('%GAMA_APP_KEY%', appKey)
    : undefined;
}

const isConsolePath = (path: string) => path === '/admin' || path.startsWith('/admin/');

/**
 * The player app at `/`, the operator console at `/admin/` (its own bundle: players never download it), their
 * assets and the demo images, all from this one port.
 */
async function registerStatic(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(fastifyStatic, { root: publicDir, prefix: '/static/', decorateReply: false });
  const webDist = config.WEB_DIST ?? defaultWebDist;
  const adminDist = config.ADMIN_DIST ?? defaultAdminDist;
  const indexHtml = readIndex(webDist, config.APP_KEY);
  const consoleHtml = readIndex(adminDist, config.APP_KEY);
  const sendIndex = (reply: FastifyReply, html: string) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  if (indexHtml !== undefined) {
    await app.register(fastifyStatic, { root: webDist, prefix: '/', index: false, wildcard: true });
    app.get('/', (_request, reply) => sendIndex(reply, indexHtml));
    app.get('/index.html', (_request, reply) => sendIndex(reply, indexHtml));
  }
  if (consoleHtml !== undefined) {
    await app.register(fastifyStatic, {
      root: adminDist,
      prefix: '/admin/',
      index: false,
      wildcard: true,
      decorateReply: false,
    });
    app.get('/admin', (_request, reply) => reply.redirect('/admin/'));
    app.get('/admin/', (_request, reply) => sendIndex(reply, consoleHtml));
    app.get('/admin/index.html', (_request, reply) => sendIndex(reply, consoleHtml));
  }
  // Unknown API paths get the JSON error shape; any other page path is the route of the app it is under.
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path.startsWith('/api') || path.startsWith('/admin-api') || path.startsWith('/static/');
    const isPage = request.method === 'GET' && !isApi && !/\.[a-z0-9]+$/i.test(path);
    if (isPage && isConsolePath(path)) {
      if (consoleHtml !== undefined) return sendIndex(reply, consoleHtml);
    } else if (isPage && indexHtml !== undefined) {
      return sendIndex(reply, indexHtml);
    }
    return reply.code(404).send(failureBody('NOT_FOUND', `No such endpoint: ${request.method} ${path}`));
  });
}
