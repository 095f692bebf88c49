import { endpoints } from '@gama/core/endpoints';
import type { Answer } from '@gama/core/endpoints/define';
import { useQuery } from '@tanstack/react-query';
import { ErrorNotice } from '../../components/ErrorNotice.tsx';
import { Panel } from '../../components/PageHeader.tsx';
import { StatusPill, type Tone } from '../../components/StatusPill.tsx';
import { call } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import styles from './DatabaseSafety.module.css';

type Safety = Answer<typeof endpoints.databaseSafety>;
type State = Safety['backup']['state'];

/** Read again this often while the dashboard is open: a failover or a missed backup shows within a minute. */
const EVERY_MS = 30_000;

const pills: Record<State, { label: string; tone: Tone }> = {
  ok: { label: 'OK', tone: 'success' },
  warning: { label: 'Check', tone: 'danger' },
  not_configured: { label: 'Not configured', tone: 'pending' },
};

const roles: Record<string, string> = {
  leader: 'Primary',
  master: 'Primary',
  primary: 'Primary',
  sync_standby: 'Synchronous standby',
  replica: 'Standby',
};

const bytes = new Intl.NumberFormat('en-IN');

/** The database's safety nets (issue 28): the last successful backup and the replication state. */
export function DatabaseSafety() {
  const safety = useQuery({
    queryKey: ['database-safety'],
    queryFn: ({ signal }) => call(endpoints.databaseSafety, {}, { signal }),
    refetchInterval: EVERY_MS,
  });
  const data = safety.data;
  return (
    <Panel title="Database safety">
      {safety.isError ? (
        <ErrorNotice error={safety.error} onRetry={() => void safety.refetch()} />
      ) : data ? (
        <div className={styles.grid}>
          <section aria-label="Backups" className={styles.item}>
            <h3 className={styles.itemTitle}>
              Last backup{' '}
              <StatusPill tone={pills[data.backup.state].tone}>{pills[data.backup.state].label}</StatusPill>
            </h3>
            <p className={styles.message}>{data.backup.message}</p>
            {data.backup.last_success_at !== null && (
              <dl className={styles.facts}>
                <div>
                  <dt>Finished</dt>
                  <dd>{formatDateTime(data.backup.last_success_at)}</dd>
                </div>
                {data.backup.kind !== null && (
                  <div>
                    <dt>Type</dt>
                    <dd>{data.backup.kind}</dd>
                  </div>
                )}
              </dl>
            )}
          </section>
          <section aria-label="Replication" className={styles.item}>
            <h3 className={styles.itemTitle}>
              Replication{' '}
              <StatusPill tone={pills[data.replication.state].tone}>
                {pills[data.replication.state].label}
              </StatusPill>
            </h3>
            <p className={styles.message}>{data.replication.message}</p>
            {data.replication.members.length > 0 && (
              <ul className={styles.members}>
                {data.replication.members.map((m) => (
                  <li key={m.name}>
                    <strong>{m.name}</strong> {roles[m.role] ?? m.role}, {m.state}
                    {m.lag_bytes !== null && m.lag_bytes > 0 && `, ${bytes.format(m.lag_bytes)} bytes behind`}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      ) : (
        <p className={styles.message} role="status" aria-busy="true">
          Checking backups and replication…
        </p>
      )}
    </Panel>
  );
}
