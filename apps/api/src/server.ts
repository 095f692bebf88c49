/** Starts the API, the player app and the static assets on one port. */
import { buildApp } from './app.ts';
import { clockFromConfig } from './clock.ts';
import { ConfigError, describeConfig, loadConfig } from './config.ts';
import { loadPepper, openDatabase, prepareDatabase } from './db/open.ts';
import { seedDemoContent } from './db/seed/content.ts';
import { ensureFirstOperator } from './modules/admin/operators.ts';
import { startMaintenance } from './db/maintenance.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const clock = clockFromConfig(config);
  const db = await openDatabase(config);
  const applied = await prepareDatabase(db);
  const now = clock.now();
  const seeded = await seedDemoContent(db, now, { defaultBettingStatus: config.DEFAULT_BETTING_STATUS });
  const pepper = await loadPepper(db, config.OTP_PEPPER, now);
  const app = await buildApp({ config, db, clock, pepper });
  app.log.info(
    { config: describeConfig(config), migrations: applied, seeded, engine: db.engine },
    'starting',
  );
  await ensureFirstOperator(db, config, clock, app.log);
  const stopMaintenance = startMaintenance(db, (error) => app.log.error({ err: error }, 'ANALYZE failed'));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      stopMaintenance();
      await app.close();
      await db.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
