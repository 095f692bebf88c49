import type { FastifyRequest } from 'fastify';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { ReadRouter } from './db/reads.ts';
import type { Metrics } from './lib/metrics.ts';
import type { PlayerTraffic } from './lib/player-traffic.ts';
import type { AuditCheckpoints } from './modules/audit/checkpoints.ts';
import type { Operator, OperatorSession } from './modules/operators/sessions.ts';
import type { SessionCache } from './modules/auth/session-cache.ts';
import type { SessionPlayer } from './modules/auth/sessions.ts';
import type { SettingsCache } from './modules/content/settings.ts';
import type { BidBatcher } from './modules/bids/batches.ts';
import type { MarketCache } from './modules/markets/list.ts';
import type { WalletCache } from './modules/wallet/cache.ts';
import type { SmsProvider } from './sms/provider.ts';

// The HTTP layer names callers through these, so http/ imports no module (the import rule in eslint.config.js).
export type { Operator, OperatorSession, SessionPlayer };

/**
 * Who is calling, as http/route.ts asks it. Built in app.ts from the modules that keep sessions, so the HTTP
 * layer below them depends on none of them.
 */
export interface Callers {
  /** The player signed in on a legacy call (session cookie, Bearer or `unique_token`), or null. */
  player(
    request: FastifyRequest,
    body: Record<string, unknown>,
  ): Promise<{ player: SessionPlayer; tokenHash: Buffer } | null>;
  /**
   * The operator of an /admin-api call; fails 401 without an operator session, 403 with a player's, and 403
   * TOTP_ENROLMENT_REQUIRED for a session that must enrol two-factor first, unless `duringEnrolment`.
   */
  operator(request: FastifyRequest, options?: { duringEnrolment?: boolean }): Promise<OperatorSession>;
}

/** What every module needs, built once per app instance and passed explicitly. */
export interface Deps {
  db: Database;
  /** Where reads that may lag go: a replica when READ_DATABASE_URL is set (db/reads.ts), else `db`. */
  reads: ReadRouter;
  clock: Clock;
  config: Config;
  sms: SmsProvider;
  /** Key for hashing one-time codes; from OTP_PEPPER or generated once and kept in settings. */
  pepper: string;
  markets: MarketCache;
  /** The queues that place slips in batches (modules/bids/batches.ts, decision 043). */
  bids: BidBatcher;
  settings: SettingsCache;
  sessions: SessionCache;
  /** Balances for display (the home list); see wallet/cache.ts. */
  wallets: WalletCache;
  /** Signed checkpoints of the audit chain (modules/audit/checkpoints.ts). */
  checkpoints: AuditCheckpoints;
  /** This process's Prometheus metrics (lib/metrics.ts). */
  metrics: Metrics;
  /** When players' money requests last arrived: the push fan-out slows down while they do (push/pacer.ts). */
  traffic: PlayerTraffic;
  callers: Callers;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
