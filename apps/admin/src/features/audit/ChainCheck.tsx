import { endpoints } from '@gama/core/endpoints';
import { Button } from '@gama/ui/Button';
import { useQuery } from '@tanstack/react-query';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { ErrorNotice } from '../../components/ErrorNotice.tsx';
import { Panel } from '../../components/PageHeader.tsx';
import { call } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import styles from './ChainCheck.module.css';

const problemTitle = {
  edited: 'A row was edited',
  deleted: 'Rows were deleted',
  reordered: 'Rows were reordered',
};

/**
 * The owner's check of the audit chain: each row hashes its content and the row before, so the server can
 * name the first row that was edited, deleted or reordered. Run on request (it reads the whole log).
 */
export function ChainCheck() {
  const check = useQuery({
    queryKey: ['audit', 'verify'],
    queryFn: ({ signal }) => call(endpoints.auditVerify, {}, { signal }),
    enabled: false,
    gcTime: 0,
  });
  const report = check.data;
  return (
    <Panel
      title="Chain check"
      className={styles.panel}
      actions={
        <Button
          variant="outline"
          onClick={() => void check.refetch()}
          busy={check.isFetching}
          busyText="Checking"
        >
          Check the chain
        </Button>
      }
    >
      {check.isError ? (
        <ErrorNotice error={check.error} onRetry={() => void check.refetch()} />
      ) : !report ? (
        <p className={styles.note}>
          Every audit row holds a hash of its content and of the row before it. The check walks the whole log
          and names the first row that was edited, deleted or reordered.
        </p>
      ) : report.first_break === null ? (
        <p className={styles.ok} role="status">
          <ShieldCheck size={20} aria-hidden="true" />
          <span>
            The chain holds: {report.rows_checked.toLocaleString('en-IN')} rows checked,{' '}
            {formatDateTime(report.checked_at)}.
          </span>
        </p>
      ) : (
        <div className={styles.broken} role="alert">
          <ShieldAlert size={20} aria-hidden="true" />
          <div>
            <strong>{problemTitle[report.first_break.problem]}</strong>
            <p>{report.first_break.description}.</p>
            <p className={styles.note}>
              The {report.rows_checked.toLocaleString('en-IN')} rows before it hold. Checked{' '}
              {formatDateTime(report.checked_at)}.
            </p>
          </div>
        </div>
      )}
    </Panel>
  );
}
