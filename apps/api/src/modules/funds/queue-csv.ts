/** What the CSV exports of both money queues (deposits, withdrawals) start with: the request and its player. */
import { formatPaiseDecimal } from '@gama/core/rules/money';

export const REQUEST_COLUMNS = ['id', 'player id', 'player', 'mobile', 'amount'] as const;

export function requestCells(r: {
  id: number;
  player: { id: number; user_name: string; mobile: string };
  amount_paise: number;
}): Record<(typeof REQUEST_COLUMNS)[number], string | number> {
  return {
    id: r.id,
    'player id': r.player.id,
    player: r.player.user_name,
    mobile: r.player.mobile,
    amount: formatPaiseDecimal(r.amount_paise),
  };
}
