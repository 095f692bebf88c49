import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { SessionCache } from './modules/auth/session-cache.ts';
import type { SettingsCache } from './modules/content/settings.ts';
import type { MarketCache } from './modules/markets/list.ts';
import type { WalletCache } from './modules/wallet/cache.ts';
import type { SmsProvider } from './sms/provider.ts';

/** What every module needs, built once per app instance and passed explicitly. */
export interface Deps {
  db: Database;
  clock: Clock;
  config: Config;
  sms: SmsProvider;
  /** Key for hashing one-time codes; from OTP_PEPPER or generated once and kept in settings. */
  pepper: string;
  markets: MarketCache;
  settings: SettingsCache;
  sessions: SessionCache;
  /** Balances for display (the home list); see wallet/cache.ts. */
  wallets: WalletCache;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
