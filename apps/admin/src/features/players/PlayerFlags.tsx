import { StatusPill } from '../../components/StatusPill.tsx';
import styles from './PlayersScreen.module.css';

/** Betting, transfers and block state in words and colours. */
export function PlayerFlags({
  player,
}: {
  player: { betting_status: '0' | '1'; transfer_allowed: boolean; blocked: boolean };
}) {
  return (
    <span className={styles.flags}>
      {player.blocked && <StatusPill tone="danger">Blocked</StatusPill>}
      {player.betting_status === '1' ? (
        <StatusPill tone="success">Betting on</StatusPill>
      ) : (
        <StatusPill tone="pending">Betting off</StatusPill>
      )}
      {!player.transfer_allowed && <StatusPill tone="warning">Transfers stopped</StatusPill>}
    </span>
  );
}
