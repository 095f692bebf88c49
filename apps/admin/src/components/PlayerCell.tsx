import { Link } from 'react-router';
import styles from './PlayerCell.module.css';

/** A player in a queue row: name linking to their page, and the phone number for the bank app. */
export function PlayerCell({ player }: { player: { id: number; user_name: string; mobile: string } }) {
  return (
    <span className={styles.cell}>
      <Link to={`/players/${player.id}`} className={styles.name}>
        {player.user_name}
      </Link>
      <span className={styles.mobile}>
        {player.mobile} · #{player.id}
      </span>
    </span>
  );
}
