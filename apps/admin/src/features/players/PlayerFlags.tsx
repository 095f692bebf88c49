import { StatusPill } from '../../components/StatusPill.tsx';
import { formatDateTime } from '../../lib/format.ts';
import styles from './PlayersScreen.module.css';

/** Betting, transfers, block and a running break in words and colours. */
export function PlayerFlags({
  player,
}: {
  player: {
    betting_status: '0' | '1';
    transfer_allowed: boolean;
    blocked: boolean;
    break: { kind: 'timeout' | 'exclusion'; until: string } | null;
  };
}) {
  return (
    <span className={styles.flags}>
      {player.blocked && <StatusPill tone="danger">Blocked</StatusPill>}
      {player.break && (
        <StatusPill tone="danger">
          {`${player.break.kind === 'timeout' ? 'Time-out' : 'Self-excluded'} until ${formatDateTime(player.break.until)}`}
        </StatusPill>
      )}
      {player.betting_status === '1' ? (
        <StatusPill tone="success">Betting on</StatusPill>
      ) : (
        <StatusPill tone="pending">Betting off</StatusPill>
      )}
      {!player.transfer_allowed && <StatusPill tone="warning">Transfers stopped</StatusPill>}
    </span>
  );
}
