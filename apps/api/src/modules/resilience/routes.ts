/** The dashboard's panel of the database's safety nets: the last backup and the replication state. */
import { endpoints } from '@gama/core/endpoints';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import { backupStatus } from './backup-status.ts';
import { replicationStatus } from './replication-status.ts';

export function resilienceRoutes(app: FastifyInstance): void {
  const { db, clock, config } = app.deps;
  route(app, endpoints.databaseSafety, async () => {
    const now = clock.now();
    const [backup, replication] = await Promise.all([
      backupStatus(db, db.engine, config.BACKUP_MAX_AGE_HOURS, now),
      replicationStatus(db.engine, config.PATRONI_URL),
    ]);
    return {
      status: true as const,
      engine: db.engine,
      checked_at: now.toISOString(),
      backup,
      replication,
    };
  });
}
