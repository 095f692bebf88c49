import type { RatesAnswer, RateVersion } from '@gama/core/endpoints/rates/index';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { Panel } from '../../components/PageHeader.tsx';
import { StatusPill } from '../../components/StatusPill.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { groupName } from './rate-groups.ts';
import { rateChanges, rateText } from './rate-text.ts';
import styles from './RatesScreen.module.css';

/**
 * Every version of the group's rates, newest first: who set it, when, and what it changed against the
 * version before it (the answer holds each version's whole set, so the change is worked out here).
 */
export function RateHistory({ answer }: { answer: RatesAnswer }) {
  const { fields, history, current, total_versions: total } = answer;
  const older = new Map(history.map((v, index) => [v.version, history[index + 1]]));

  const columns: Column<RateVersion>[] = [
    {
      id: 'version',
      header: 'Version',
      primary: true,
      cell: (v) => (
        <span className={styles.version}>
          Version {v.version}
          {v.version === current.version && <StatusPill tone="success">In force</StatusPill>}
        </span>
      ),
    },
    { id: 'at', header: 'From', cell: (v) => formatDateTime(v.at) },
    { id: 'by', header: 'By', cell: (v) => v.username ?? 'System (install)' },
    {
      id: 'changes',
      header: 'Changes',
      cell: (v) => {
        const before = older.get(v.version);
        if (!before) {
          return v.version === 1 ? (
            <span className={styles.meta}>The first rates: {v.changed.length} bet types</span>
          ) : (
            <span className={styles.meta}>{v.changed.length} changed (the version before is not listed)</span>
          );
        }
        return (
          <ul className={styles.changeList}>
            {rateChanges(fields, before.rates, v.rates).map((c) => (
              <li key={c.field}>
                {c.label}: <span className="tabular">{rateText(c.before)}</span> →{' '}
                <strong className="tabular">{rateText(c.after)}</strong>
              </li>
            ))}
          </ul>
        );
      },
    },
  ];

  return (
    <Panel title="Version history">
      <p className={styles.meta}>
        {total > history.length
          ? `The latest ${history.length} of ${total} versions of the ${groupName(answer.group)} rates.`
          : `${total} ${total === 1 ? 'version' : 'versions'} of the ${groupName(answer.group)} rates.`}{' '}
        A bid is paid at the version in force when it was placed.
      </p>
      <DataTable
        caption={`${groupName(answer.group)} rate versions`}
        columns={columns}
        rows={history}
        rowKey={(v) => v.version}
        empty="No version is recorded yet."
      />
    </Panel>
  );
}
