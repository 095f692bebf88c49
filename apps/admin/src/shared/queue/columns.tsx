import type { Column } from '../../components/DataTable.tsx';
import { Money } from '../../components/Money.tsx';
import { PlayerCell } from '../../components/PlayerCell.tsx';
import { formatPaiseDecimal } from '@gama/core/rules/money';
import { timeColumn } from '../columns.ts';
import styles from './Queue.module.css';

/** What every money request has: its player, its amount and when it was asked for. */
interface MoneyRequest {
  player: { id: number; user_name: string; mobile: string };
  amount_paise: number;
  created_at: string;
}

/**
 * The columns every queue starts and ends with: the player (a row's heading on a phone), the amount coloured by
 * the way it moves for the house, and the request's time.
 */
export function requestColumns<R extends MoneyRequest>(flow: 'in' | 'out') {
  const player: Column<R> = {
    id: 'player',
    header: 'Player',
    primary: true,
    cell: (r) => <PlayerCell player={r.player} />,
    csv: (r) => `${r.player.user_name} (${r.player.mobile})`,
  };
  const amount: Column<R> = {
    id: 'amount',
    header: 'Amount',
    sort: 'amount',
    align: 'end',
    cell: (r) => <Money paise={r.amount_paise} flow={flow} className={styles.amount} />,
    csv: (r) => formatPaiseDecimal(r.amount_paise),
  };
  const requested: Column<R> = timeColumn('created_at', 'Requested', (r) => r.created_at, 'created_at');
  return { player, amount, requested };
}
