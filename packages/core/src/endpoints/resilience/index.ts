/**
 * The database's safety nets as the console's dashboard shows them (issue 28): the last successful backup and the
 * replication state, each `ok`, `warning` (stale, degraded or unreachable, said in `message`) or `not_configured`
 * (the embedded database, or a server without them set up: said plainly, not an error).
 */
import { z } from 'zod';
import { endpoint } from '../define.ts';

export const safetyState = z.enum(['ok', 'warning', 'not_configured']);

export const backupStatus = z.strictObject({
  state: safetyState,
  message: z.string(),
  /** When the newest successful backup finished (ISO 8601), or null when none is known. */
  last_success_at: z.string().nullable(),
  /** pgBackRest's type of that backup: full, diff or incr. */
  kind: z.string().nullable(),
  /** The database's size in that backup, in bytes. */
  size_bytes: z.number().int().nonnegative().nullable(),
});

export const replicationMember = z.strictObject({
  name: z.string(),
  /** Patroni's role: leader, sync_standby, replica. */
  role: z.string(),
  /** Patroni's state: running, streaming, stopped, starting, … */
  state: z.string(),
  /** How far behind the primary, in bytes of WAL; null for the primary or when unknown. */
  lag_bytes: z.number().int().nonnegative().nullable(),
  timeline: z.number().int().nullable(),
});

export const replicationStatus = z.strictObject({
  state: safetyState,
  message: z.string(),
  members: z.array(replicationMember),
});

export const databaseSafetyAnswer = z.strictObject({
  status: z.literal(true),
  engine: z.enum(['pglite', 'postgres']),
  checked_at: z.string(),
  backup: backupStatus,
  replication: replicationStatus,
});

export const resilienceEndpoints = {
  databaseSafety: endpoint({
    domain: 'resilience',
    method: 'GET',
    path: '/admin-api/database-safety',
    access: 'operator',
    permission: 'dashboard.read',
    summary:
      "The last successful backup and the replication state (Patroni's view), each ok, a warning, or not configured",
    response: databaseSafetyAnswer,
    errors: [],
  }),
};

export type DatabaseSafety = z.output<typeof databaseSafetyAnswer>;
