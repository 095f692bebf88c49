/** Starts the API, the player app and the static assets on one port. */
import { buildApp } from './app.ts';
import { clockFromConfig } from './clock.ts';
import { ConfigError, describeConfig, loadConfig } from './config.ts';
import { loadPepper, openDatabase, prepareDatabase } from './db/open.ts';
import { seedDemoContent } from './db/seed/content.ts';
import { ensureFirstOperator } from './modules/admin/operators.ts';
import { startMaintenance } from './db/maintenance.ts';
import { resumeSettlements } from './modules/results/service.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exitCode = 1;
      return;
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
    // With the server and the database closed nothing keeps the process alive: it ends by itself, after the
    // logger has flushed its last lines.
    try {
      stopMaintenance();
      await app.close();
      await db.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exitCode = 1;
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  // A declaration the server went down in is finished now, in the background (racing settlers take turns).
  resumeSettlements(app.deps).then(
    (resumed) => {
      if (resumed.length > 0) app.log.info({ resumed }, 'unfinished settlements completed');
    },
    (error: unknown) => app.log.error({ err: error }, 'resuming settlements failed'),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
  // A failure after the database opened may leave handles (a PGlite instance, a pool) that would keep it running.
  setTimeout(() => process.kill(process.pid, 'SIGKILL'), 2_000).unref();
});
