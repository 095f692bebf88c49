import type { AuditCheckpointAnswer } from '@gama/core/endpoints/audit/index';
import { endpoints } from '@gama/core/endpoints';
import { Button } from '@gama/ui/Button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldAlert, ShieldCheck, ShieldQuestion } from 'lucide-react';
import { useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice.tsx';
import { Panel } from '../../components/PageHeader.tsx';
import { call, errorMessage } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import styles from './ChainCheck.module.css';

const KEY = ['audit', 'checkpoint'];

function every(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  return minutes >= 1 ? `${minutes} minute${minutes === 1 ? '' : 's'}` : `${Math.round(ms / 1000)} seconds`;
}

function Status({ data }: { data: AuditCheckpointAnswer }) {
  const { last } = data;
  if (!last) {
    return (
      <p className={styles.note} role="status">
        <ShieldQuestion size={20} aria-hidden="true" className={styles.icon} />
        No checkpoint yet: the server signs one within {every(data.every_ms)} of new audit rows, or now with
        the button.
      </p>
    );
  }
  const signed = (
    <p className={styles.note}>
      Last checkpoint: {last.seq.toLocaleString('en-IN')} rows, signed {formatDateTime(last.at)} by key{' '}
      <code>{last.key}</code>, head <code>{last.head.slice(0, 16)}…</code>{' '}
      {data.unsigned_rows > 0
        ? `${data.unsigned_rows.toLocaleString('en-IN')} rows since, not yet signed.`
        : 'No rows since.'}
    </p>
  );
  if (data.matches) {
    return (
      <div className={styles.ok} role="status">
        <ShieldCheck size={20} aria-hidden="true" />
        <div>
          <strong>The log still matches its last signed checkpoint.</strong>
          {signed}
        </div>
      </div>
    );
  }
  return (
    <div className={styles.broken} role="alert">
      <ShieldAlert size={20} aria-hidden="true" />
      <div>
        <strong>The log no longer matches its signed checkpoints</strong>
        {data.first_mismatch && <p>{data.first_mismatch.description}.</p>}
        {signed}
      </div>
    </div>
  );
}

/**
 * Signed checkpoints (the audit chain's row count and head hash, signed with a key the database never holds and
 * written outside it): the last one, whether the log still matches it, and a button to sign one now.
 */
export function CheckpointPanel() {
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => call(endpoints.auditCheckpoint, {}, { signal }),
  });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const sign = async () => {
    setBusy(true);
    setFailure(null);
    try {
      queryClient.setQueryData(KEY, await call(endpoints.auditCheckpointSign, {}));
    } catch (error) {
      setFailure(errorMessage(error));
      void status.refetch();
    } finally {
      setBusy(false);
    }
  };
  const data = status.data;
  return (
    <Panel
      title="Signed checkpoints"
      className={styles.panel}
      actions={
        <Button variant="outline" onClick={() => void sign()} busy={busy} busyText="Signing">
          Sign a checkpoint now
        </Button>
      }
    >
      {status.isError ? (
        <ErrorNotice error={status.error} onRetry={() => void status.refetch()} />
      ) : !data ? (
        <p className={styles.note}>Reading the last checkpoint…</p>
      ) : (
        <>
          <Status data={data} />
          {failure && (
            <p className={styles.failure} role="alert">
              {failure}
            </p>
          )}
          {!failure && data.refusal && (
            <p className={styles.failure} role="alert">
              {data.refusal}
            </p>
          )}
          <p className={styles.where}>
            Written to <code>{data.file}</code>
            {data.witnesses > 0
              ? ` and sent to ${data.witnesses} witness${data.witnesses === 1 ? '' : 'es'}`
              : ''}
            , every {every(data.every_ms)} when the log has grown. <code>npm run audit:verify</code> checks
            the whole log against them.
          </p>
        </>
      )}
    </Panel>
  );
}
