/**
 * The job queue's tables (pg-boss, schema `pgboss`; decision 036) belong to the schema like a migration's: they
 * are installed, with every queue, by whoever migrates, so a server whose role owns nothing (decision 025,
 * DATABASE_MIGRATION_URL) only reads and writes jobs. A queue is a partition of pg-boss's job table, which only
 * the table's owner can attach; that is why the queues are declared here rather than made by the server.
 */
import PgBoss from 'pg-boss';
import type { Queryable } from './database.ts';

export const JOB_SCHEMA = 'pgboss';

/** Every queue, with the retries its jobs get unless a job says otherwise. */
export const JOB_QUEUES = {
  /** A group of up to 500 pushes, each to one device (modules/push/queue.ts). */
  pushSend: { name: 'push-send', retryLimit: 8, retryDelay: 30, retryBackoff: true },
} as const;

/** pg-boss's database interface over ours: its schema scripts (several statements, no parameters) go to exec. */
export function bossDb(q: Queryable): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if ((values === undefined || values.length === 0) && /;\s*\S/.test(text)) {
        await q.exec(text);
        return { rows: [] };
      }
      return q.query(text, values ?? []);
    },
  };
}

/** Installs (or upgrades) pg-boss's tables and makes the missing queues; safe to run again, and concurrently. */
export async function installJobQueue(db: Queryable): Promise<void> {
  const boss = new PgBoss({ db: bossDb(db), schema: JOB_SCHEMA, supervise: false, schedule: false });
  await boss.start();
  try {
    for (const { name, ...options } of Object.values(JOB_QUEUES)) {
      if (await boss.getQueue(name)) continue;
      try {
        await boss.createQueue(name, { name, ...options });
      } catch (error) {
        // Another process made it first.
        if (!(await boss.getQueue(name))) throw error;
      }
    }
  } finally {
    await boss.stop({ graceful: false, close: false, wait: true });
  }
}

/** What a server role that owns nothing needs of the queue's tables: rows and functions, no DDL. */
export function jobQueueGrants(role: string): string {
  return `
    GRANT USAGE ON SCHEMA ${JOB_SCHEMA} TO ${role};
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${JOB_SCHEMA} TO ${role};
    GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA ${JOB_SCHEMA} TO ${role};
  `;
}
