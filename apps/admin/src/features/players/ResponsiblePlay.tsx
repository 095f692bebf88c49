import { breakKindLabels, limitKindLabels, limitPeriodLabels } from '@gama/core/contract/play-messages';
import { endpoints } from '@gama/core/endpoints';
import type { Answer } from '@gama/core/endpoints/define';
import { formatPoints, formatWholePoints } from '@gama/core/rules/money';
import { Skeleton } from '@gama/ui/Skeleton';
import { useQuery } from '@tanstack/react-query';
import { ErrorNotice } from '../../components/ErrorNotice.tsx';
import { Panel } from '../../components/PageHeader.tsx';
import { call } from '../../lib/api-client.ts';
import { formatDateTime, formatDay } from '../../lib/format.ts';
import styles from './PlayerScreen.module.css';

type Play = Answer<typeof endpoints.adminPlayerPlay>;
type Limit = Play['limits'][number];
type HistoryRow = Play['history'][number];

const points = (value: number | null) => (value === null ? 'No limit' : `${formatWholePoints(value)} points`);

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
const paiseText = (value: unknown) =>
  typeof value === 'number' ? `${formatPoints(value, { decimals: 'none' })} points` : 'no limit';

/** One line of the player's own changes, as the audit log keeps them. */
function describe(row: HistoryRow): string {
  const detail = record(row.detail);
  const after = record(row.after);
  if (row.action === 'play_limit_change') {
    const kind = detail.kind === 'stake' ? 'Stake' : 'Deposit';
    const period = typeof detail.period === 'string' ? detail.period : '';
    if (detail.effect === 'later') {
      const pending = record(after.pending);
      return `${kind} limit per ${period}: ${paiseText(pending.amount)} asked for, from ${formatDateTime(
        typeof pending.at === 'string' ? pending.at : null,
      )}`;
    }
    return `${kind} limit per ${period} set to ${paiseText(after.amount)} at once`;
  }
  if (row.action === 'play_break_start') {
    const kind = after.kind === 'exclusion' ? breakKindLabels.exclusion : breakKindLabels.timeout;
    return `${kind} started, until ${formatDateTime(typeof after.until === 'string' ? after.until : null)}`;
  }
  if (row.action === 'play_reality_check_change') {
    const minutes = Number(after.minutes);
    return minutes > 0 ? `Reality check every ${minutes} minutes` : 'Reality check turned off';
  }
  return row.action;
}

function LimitCell({ limit }: { limit: Limit | undefined }) {
  if (!limit) return <>No limit</>;
  return (
    <>
      {points(limit.points)}
      {limit.pending && (
        <span className={styles.pendingLimit}>
          {limit.pending.points === null ? 'removed' : points(limit.pending.points)} from{' '}
          {formatDateTime(limit.pending.at)}
        </span>
      )}
    </>
  );
}

/**
 * What the player set for themselves (issue 16): read-only here, because operators may not loosen a limit or end a
 * time-out or self-exclusion for the player; the server has no route for it and a trigger refuses it.
 */
export function ResponsiblePlay({ playerId }: { playerId: number }) {
  const play = useQuery({
    queryKey: ['player', playerId, 'play'],
    queryFn: ({ signal }) => call(endpoints.adminPlayerPlay, { id: playerId }, { signal }),
  });
  if (play.isPending) return <Skeleton height={160} radius={12} />;
  if (play.isError) return <ErrorNotice error={play.error} onRetry={() => void play.refetch()} />;
  const p = play.data;
  const periods = ['day', 'week', 'month'] as const;
  const find = (kind: Limit['kind'], period: Limit['period']) =>
    p.limits.find((l) => l.kind === kind && l.period === period);

  return (
    <Panel title="Responsible play">
      <dl className={styles.play}>
        <div>
          <dt>Date of birth</dt>
          <dd>{p.dob ? formatDay(p.dob) : 'Not given (registered before the age check)'}</dd>
        </div>
        <div>
          <dt>Break</dt>
          <dd>
            {p.break ? (
              <strong className={styles.breakRunning}>
                {breakKindLabels[p.break.kind]} until {formatDateTime(p.break.until)}
              </strong>
            ) : p.last_break ? (
              `None running (last: ${breakKindLabels[p.last_break.kind].toLowerCase()} ended ${formatDateTime(
                p.last_break.until,
              )})`
            ) : (
              'None taken'
            )}
            {p.break && <span className={styles.muted}> · cannot be ended before then</span>}
          </dd>
        </div>
        <div>
          <dt>Reality check</dt>
          <dd>{p.reality_check_minutes > 0 ? `Every ${p.reality_check_minutes} minutes` : 'Off'}</dd>
        </div>
      </dl>
      <div className={styles.playTableWrap}>
        <table className={styles.playTable} aria-label="Play limits">
          <thead>
            <tr>
              <th scope="col">Limit</th>
              {periods.map((period) => (
                <th scope="col" key={period}>
                  {limitPeriodLabels[period]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {(['deposit', 'stake'] as const).map((kind) => (
              <tr key={kind}>
                <th scope="row">{limitKindLabels[kind]}</th>
                {periods.map((period) => (
                  <td key={period}>
                    <LimitCell limit={find(kind, period)} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3 className={styles.playHeading}>History</h3>
      {p.history.length === 0 ? (
        <p className={styles.muted}>No changes yet.</p>
      ) : (
        <ol className={styles.playHistory} aria-label="Responsible play history">
          {p.history.map((row, index) => (
            <li key={`${row.at}-${index}`}>
              <span className={styles.muted}>{formatDateTime(row.at)}</span> {describe(row)}
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
