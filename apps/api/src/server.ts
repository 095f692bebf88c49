/**
 * Starts the API, the player app and the static assets on one port. With WEB_CONCURRENCY > 1 (PostgreSQL
 * only) this process prepares the database once and then runs that many server processes sharing the port
 * (node:cluster), restarting any that dies; see docs/decisions/007-one-api-process-per-core.md.
 */
import cluster from 'node:cluster';
import type { Worker } from 'node:cluster';
import { pino } from 'pino';
import { buildApp } from './app.ts';
import type { Clock } from './clock.ts';
import { clockFromConfig } from './clock.ts';
import type { Config } from './config.ts';
import { ConfigError, describeConfig, loadConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { loadPepper, openDatabase, openReads, prepareDatabase } from './db/open.ts';
import { ownershipWarning } from './db/roles.ts';
import { seedDemoContent } from './seed/content.ts';
import { seedPastResults } from './seed/past-results.ts';
import { ensureFirstOperator } from './modules/operators/accounts.ts';
import { writeOwnerSettingDefaults } from './modules/settings/owner-settings.ts';
import { startMaintenance } from './db/maintenance.ts';
import { startPartitionKeeper } from './db/partitions.ts';
import { resumeSettlements } from './modules/results/service.ts';
import { startSupportSweep } from './modules/support/retention.ts';
import { startSignalSweep } from './modules/signals/detect.ts';
import { startNotificationPurge } from './modules/notifications/service.ts';
import { BUSY_WINDOW_MS } from './modules/push/pacer.ts';
import { PushQueue } from './modules/push/queue.ts';
import { loadVapidKeys } from './modules/push/vapid.ts';
import { armFault } from './lib/fault.ts';
import { logStream } from './lib/log-output.ts';

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
  if (config.WEB_CONCURRENCY > 1 && cluster.isPrimary) {
    await supervise(config);
    return;
  }
  armFault(config.FAULT_POINT);
  const clock = clockFromConfig(config);
  const db = await openDatabase(config);
  // In a cluster the primary has migrated and seeded already; a worker only opens the database.
  const prepared = cluster.isWorker ? undefined : await prepare(db, config, clock);
  const pepper = await loadPepper(db, config.OTP_PEPPER, clock.now());
  const reads = openReads(config, db);
  const app = await buildApp({ config, db, reads, clock, pepper });
  if (prepared) {
    app.log.info({ config: describeConfig(config), ...prepared, engine: db.engine }, 'starting');
    await ensureFirstOperator(db, config, clock, app.log);
    const owned = await ownershipWarning(db);
    if (owned) app.log.warn(owned);
    // A developer's first start reads like a running market: weeks of past results (never in production).
    if (prepared.seeded && config.NODE_ENV === 'development') {
      app.log.info({ recorded: await seedPastResults(app.deps) }, 'demo past results imported');
    }
  } else {
    app.log.info({ worker: cluster.worker?.id }, 'starting');
  }
  const stopMaintenance = startMaintenance(db, (error) => app.log.error({ err: error }, 'ANALYZE failed'));
  const stopPartitions = startPartitionKeeper(
    db,
    () => clock.now(),
    (error) => app.log.error({ err: error }, "making the coming months' bid partitions failed"),
  );
  // One process signs on the interval: alone, or the cluster worker the primary named for it.
  const stopCheckpoints =
    !cluster.isWorker || process.env.GAMA_CHECKPOINT_KEEPER === '1'
      ? app.deps.checkpoints.start()
      : () => undefined;
  const stopPurge = startNotificationPurge(
    db,
    () => clock.now(),
    (error) => app.log.error({ err: error }, 'purging old notifications failed'),
  );
  const stopSupportSweep = startSupportSweep(
    db,
    () => clock.now(),
    (error) => app.log.error({ err: error }, 'sweeping old support messages failed'),
  );
  const stopSignalSweep = startSignalSweep(
    db,
    () => clock.now(),
    config.MARKET_TIME_ZONE,
    (error) => app.log.error({ err: error }, 'sweeping risk signals failed'),
  );

  // Every process sends pushes; the queue hands each job to one of them, and its sender process (a child at a
  // lower priority, ended with this one) encrypts and sends them (decision 036).
  const vapid = loadVapidKeys(db, config, clock.now());
  const push = new PushQueue({
    db,
    keys: () => vapid,
    now: () => clock.now(),
    log: {
      error: (details, message) => app.log.error(details, message),
      warn: (details, message) => app.log.warn(details, message),
    },
    pace: { busy: () => app.deps.traffic.within(BUSY_WINDOW_MS), busyRate: config.PUSH_RATE_BUSY },
  });
  await push.start();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // With the server and the database closed nothing keeps the process alive: it ends by itself, after the
    // logger has flushed its last lines.
    try {
      stopMaintenance();
      stopCheckpoints();
      stopPurge();
      stopSupportSweep();
      stopSignalSweep();
      stopPartitions();
      await push.stop();
      await app.close();
      await reads.close();
      await db.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exitCode = 1;
    }
    // A worker's channel to the primary would keep it alive.
    cluster.worker?.disconnect();
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

async function prepare(
  db: Database,
  config: Config,
  clock: Clock,
): Promise<{ migrations: string[]; seeded: Awaited<ReturnType<typeof seedDemoContent>> }> {
  const migrations = await prepareDatabase(db, config);
  const seeded = await seedDemoContent(db, clock.now(), {
    defaultBettingStatus: config.DEFAULT_BETTING_STATUS,
  });
  // The owner settings' defaults depend on NODE_ENV; written once so every process reads stored values.
  await writeOwnerSettingDefaults(db, config, clock.now());
  return { migrations, seeded };
}

/** A worker that dies this soon after starting counts towards giving up. */
const EARLY_DEATH_MS = 10_000;
const MAX_EARLY_DEATHS = 5;

/**
 * The primary of a cluster: prepares the database (migrations, seed, first operator, pepper), forks
 * WEB_CONCURRENCY workers, restarts any that dies (giving up after MAX_EARLY_DEATHS quick deaths in a row),
 * and on SIGTERM/SIGINT passes the signal on and ends when they have.
 */
async function supervise(config: Config): Promise<void> {
  const stream = logStream(config);
  const log = stream ? pino({ level: config.LOG_LEVEL }, stream) : pino({ level: config.LOG_LEVEL });
  armFault(config.FAULT_POINT);
  const clock = clockFromConfig(config);
  const db = await openDatabase(config);
  try {
    const prepared = await prepare(db, config, clock);
    await loadPepper(db, config.OTP_PEPPER, clock.now());
    log.info(
      { config: describeConfig(config), ...prepared, engine: db.engine, workers: config.WEB_CONCURRENCY },
      'starting',
    );
    await ensureFirstOperator(db, config, clock, log);
  } finally {
    await db.close();
  }

  let closing = false;
  let earlyDeaths = 0;
  const started = new Map<Worker, number>();
  let keeper: Worker | null = null;
  // The first worker, and whichever replaces it, signs the audit checkpoints on the interval.
  const fork = () => {
    const worker = cluster.fork(keeper === null ? { GAMA_CHECKPOINT_KEEPER: '1' } : {});
    keeper ??= worker;
    started.set(worker, Date.now());
  };
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (started.get(worker) ?? 0);
    started.delete(worker);
    if (keeper === worker) keeper = null;
    if (closing) return;
    earlyDeaths = lived < EARLY_DEATH_MS ? earlyDeaths + 1 : 0;
    log.error({ worker: worker.id, pid: worker.process.pid, code, signal, lived }, 'worker died');
    if (earlyDeaths >= MAX_EARLY_DEATHS) {
      log.fatal({ earlyDeaths }, 'workers keep dying at start-up; stopping');
      process.exitCode = 1;
      stop('workers failing');
      return;
    }
    setTimeout(() => {
      if (!closing) fork();
    }, 1_000 * earlyDeaths);
  });
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    for (const worker of started.keys()) worker.process.kill('SIGTERM');
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  for (let i = 0; i < config.WEB_CONCURRENCY; i++) fork();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
  // A failure after the database opened may leave handles (a PGlite instance, a pool) that would keep it running.
  setTimeout(() => process.kill(process.pid, 'SIGKILL'), 2_000).unref();
});
