import type { ReactNode } from 'react';
import type { Column } from '../../components/DataTable.tsx';
import { Points, pointsColumn } from './columns.tsx';

/** A wallet over a range: opening + money in - money out = closing, then the same movement by cause. */
export interface WalletMeasures {
  opening: string;
  money_in: string;
  money_out: string;
  closing: string;
  deposits: string;
  withdrawals: string;
  stakes: string;
  winnings: string;
  transfers: string;
  adjustments: string;
  debt_repayments: string;
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
    pointsColumn<R>('opening', 'Opening', (r) => r.opening, { sort: sort('opening') }),
    pointsColumn<R>('money_in', 'Money in', (r) => r.money_in, { sort: sort('money_in'), flow: 'in' }),
    pointsColumn<R>('money_out', 'Money out', (r) => r.money_out, { sort: sort('money_out'), flow: 'out' }),
    pointsColumn<R>('closing', 'Closing', (r) => r.closing, { sort: sort('closing') }),
    ...causes.map(([key, header]) => pointsColumn<R>(key, header, (r) => r[key], { flow: 'signed' })),
  ];
}

export function walletTotals(totals: WalletMeasures): Record<string, ReactNode> {
  return {
    opening: <Points value={totals.opening} />,
    money_in: <Points value={totals.money_in} flow="in" />,
    money_out: <Points value={totals.money_out} flow="out" />,
    closing: <Points value={totals.closing} />,
    ...Object.fromEntries(
      causes.map(([key]) => [key, <Points key={key} value={totals[key]} flow="signed" />]),
    ),
  };
}
