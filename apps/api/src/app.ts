/** Builds a ready Fastify instance; `server.ts` listens, tests call `inject`. */
import cookie from '@fastify/cookie';
import { endpoints } from '@gama/core/endpoints';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { ReadRouter } from './db/reads.ts';
import { primaryOnly } from './db/reads.ts';
import type { Deps } from './deps.ts';
import { registerErrorHandler } from './http/errors.ts';
import { RequestLog, summarisePolledReads } from './http/request-log.ts';
import { route } from './http/route.ts';
import { registerSecurity } from './http/security.ts';
import { registerStatic } from './http/static-delivery.ts';
import { AuditCheckpoints } from './modules/audit/checkpoints.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { setPasswordHashCost } from './modules/auth/passwords.ts';
import { BidBatcher } from './modules/bids/batches.ts';
import { bidRoutes } from './modules/bids/routes.ts';
import { resultRoutes } from './modules/results/routes.ts';
import { inboxRoutes } from './modules/inbox/routes.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { contentConsoleRoutes } from './modules/content/console-routes.ts';
import { devRoutes } from './modules/dev/routes.ts';
import { isPoolSource, Metrics } from './lib/metrics.ts';
import { metricsRoutes, registerRequestMetrics } from './modules/metrics/routes.ts';
import { depositRoutes } from './modules/funds/deposit-routes.ts';
import { docsRoutes } from './modules/docs/routes.ts';
import { fundsRoutes } from './modules/funds/routes.ts';
import { withdrawalRoutes } from './modules/funds/withdrawal-routes.ts';
import { adminPlayerRoutes } from './modules/players/admin-routes.ts';
import { heldCreditRoutes } from './modules/players/held-credits.ts';
import { MarketCache } from './modules/markets/list.ts';
import { marketRoutes } from './modules/markets/routes.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { pushRoutes } from './modules/push/routes.ts';
import { SESSION_CHANNEL, SessionCache } from './modules/auth/session-cache.ts';
import { resolveSession, sessionTokenFrom } from './modules/auth/sessions.ts';
import { operatorFromRequest } from './modules/operators/sessions.ts';
import { WALLET_CHANNEL, WalletCache } from './modules/wallet/cache.ts';
import { walletBalancesOf } from './modules/wallet/service.ts';
import { SettingsCache } from './modules/content/settings.ts';
import { operatorRoutes } from './modules/operators/routes.ts';
import { profileRoutes } from './modules/profile/routes.ts';
import { rateRoutes } from './modules/rates/routes.ts';
import { riskRoutes } from './modules/risk/routes.ts';
import { reconciliationRoutes } from './modules/reconciliation/routes.ts';
import { resilienceRoutes } from './modules/resilience/routes.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { signalRoutes } from './modules/signals/routes.ts';
import { supportRoutes } from './modules/support/routes.ts';
import { referralRoutes } from './modules/referrals/routes.ts';
import { referralDeskRoutes } from './modules/referral-desk/routes.ts';
import { noticeRoutes } from './modules/notices/routes.ts';
import { reportRoutes } from './modules/reports/routes.ts';
import { transferRoutes } from './modules/transfers/routes.ts';
import { playRoutes } from './modules/play/routes.ts';
import { walletRoutes } from './modules/wallet/routes.ts';
import type { SmsProvider } from './sms/provider.ts';
import { createSmsProvider } from './sms/provider.ts';
import { logStream } from './lib/log-output.ts';
import { adminDist, publicDir, webDist } from './paths.ts';
import { PlayerTraffic } from './lib/player-traffic.ts';

export interface BuildOptions {
  config: Config;
  db: Database;
  /** Reads that may lag; the caller's to close. Default: every read on `db`. */
  reads?: ReadRouter;
  clock: Clock;
  pepper: string;
  sms?: SmsProvider;
  /** false: no logs; a stream: JSON log lines go there (tests scan them for secrets). */
  logger?: false | { write(line: string): void };
  /**
   * Told of every route as it is registered (Fastify's automatic HEAD twins included), so a test can list
   * the instance's routes; Fastify keeps no public list, and a hook added after buildApp would see none.
   */
  onRoute?: (route: RegisteredRoute) => void;
}

export interface RegisteredRoute {
  method: string;
  url: string;
}

/** A test's stream when given; otherwise readable lines in development, JSON lines elsewhere (log-output.ts). */
function logDestination(
  given: { write(line: string): void } | undefined,
  config: Config,
): { stream?: { write(line: string): void } } {
  if (given) return { stream: given };
  const stream = logStream(config);
  return stream ? { stream } : {};
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  setPasswordHashCost(config.PASSWORD_HASH_COST);
  const requestLog = new RequestLog();
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            // Tokens travel in these headers; bodies are never logged.
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
            ...logDestination(options.logger, config),
          },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 256 * 1024,
    genReqId: () => crypto.randomUUID(),
    // One line per request, and the polled reads summarised (http/request-log.ts).
    logController: requestLog,
  });
  const { onRoute } = options;
  if (onRoute) {
    app.addHook('onRoute', (r) => {
      for (const method of [r.method].flat()) onRoute({ method, url: r.url });
    });
  }
  // Both caches wait for their LISTEN to be up before they keep anything (see session-cache.ts and wallet/cache.ts).
  const sessions = new SessionCache(false);
  const deps: Deps = {
    db: options.db,
    reads: options.reads ?? primaryOnly(options.db),
    clock: options.clock,
    config,
    pepper: options.pepper,
    sms: options.sms ?? createSmsProvider(config, options.db, options.clock),
    markets: new MarketCache(options.db, options.clock),
    bids: new BidBatcher(options.db, {
      enabled: config.BID_BATCH === 'on',
      max: config.BID_BATCH_MAX,
      parallel: config.BID_BATCH_PARALLEL,
    }),
    settings: new SettingsCache(options.db, () => options.clock.now().getTime()),
    sessions,
    wallets: new WalletCache(
      (ids) => walletBalancesOf(options.db, ids),
      () => options.clock.now().getTime(),
    ),
    checkpoints: new AuditCheckpoints(options.db, () => options.clock.now(), config, {
      info: (details, message) => app.log.info(details, message),
      error: (details, message) => app.log.error(details, message),
    }),
    metrics: new Metrics(),
    traffic: new PlayerTraffic(),
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
    notice: (payload) => {
      wallets.apply(payload);
      deps.reads.applyNotice(payload);
    },
    state: (listening) => {
      wallets.setLive(listening);
      deps.reads.setLive(listening);
    },
  });
  app.addHook('onClose', async () => {
    await Promise.all([stopSessions(), stopWallets()]);
  });

  deps.metrics.watchCaches({
    sessions: deps.sessions.stats,
    wallets: deps.wallets.stats,
    markets: deps.markets.stats,
    settings: deps.settings.stats,
  });
  if (isPoolSource(options.db)) deps.metrics.watchPool(options.db);
  registerRequestMetrics(app);
  summarisePolledReads(app, requestLog);

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
  playRoutes(app);
  notificationRoutes(app);
  pushRoutes(app);
  depositRoutes(app);
  withdrawalRoutes(app);
  adminPlayerRoutes(app);
  heldCreditRoutes(app);
  noticeRoutes(app);
  marketRoutes(app);
  bidRoutes(app);
  resultRoutes(app);
  operatorRoutes(app);
  inboxRoutes(app);
  settingsRoutes(app);
  supportRoutes(app);
  referralRoutes(app);
  referralDeskRoutes(app);
  rateRoutes(app);
  riskRoutes(app);
  signalRoutes(app);
  reconciliationRoutes(app);
  resilienceRoutes(app);
  auditRoutes(app);
  reportRoutes(app);
  devRoutes(app);
  metricsRoutes(app);
  await docsRoutes(app);

  await registerStatic(app, {
    publicDir,
    webDist: config.WEB_DIST ?? webDist,
    adminDist: config.ADMIN_DIST ?? adminDist,
    appKey: config.APP_KEY,
  });
  return app;
}
