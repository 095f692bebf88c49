import type { ReactNode } from 'react';
import type { Column } from '../../components/DataTable.tsx';
import { Points, pointsColumn } from './columns.tsx';

/** A wallet over a range: opening + money in - money out = closing, then the same movement by cause. */
export interface WalletMeasures {
  opening_paise: number;
  money_in_paise: number;
  money_out_paise: number;
  closing_paise: number;
  deposits_paise: number;
  withdrawals_paise: number;
  stakes_paise: number;
  winnings_paise: number;
  transfers_paise: number;
  adjustments_paise: number;
  debt_repayments_paise: number;
}

const causes = [
  ['deposits', 'Deposits'],
  ['withdrawals', 'Withdrawals'],
  ['stakes', 'Stakes'],
  ['winnings', 'Winnings'],
  ['transfers', 'Transfers'],
  ['adjustments', 'Adjustments'],
  ['debt_repayments', 'Debt repaid'],
] as const;

export function walletColumns<R extends WalletMeasures>(sortable: boolean): Column<R>[] {
  const sort = (key: string) => (sortable ? key : undefined);
  return [
    pointsColumn<R>('opening', 'Opening', (r) => r.opening_paise, { sort: sort('opening') }),
    pointsColumn<R>('money_in', 'Money in', (r) => r.money_in_paise, { sort: sort('money_in'), flow: 'in' }),
    pointsColumn<R>('money_out', 'Money out', (r) => r.money_out_paise, {
      sort: sort('money_out'),
      flow: 'out',
    }),
    pointsColumn<R>('closing', 'Closing', (r) => r.closing_paise, { sort: sort('closing') }),
    ...causes.map(([key, header]) =>
      pointsColumn<R>(key, header, (r) => r[`${key}_paise`], { flow: 'signed' }),
    ),
  ];
}

export function walletTotals(totals: WalletMeasures): Record<string, ReactNode> {
  return {
    opening: <Points value={totals.opening_paise} />,
    money_in: <Points value={totals.money_in_paise} flow="in" />,
    money_out: <Points value={totals.money_out_paise} flow="out" />,
    closing: <Points value={totals.closing_paise} />,
    ...Object.fromEntries(
      causes.map(([key]) => [key, <Points key={key} value={totals[`${key}_paise`]} flow="signed" />]),
    ),
  };
}
