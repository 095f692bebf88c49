import type { ReactNode } from 'react';
import type { Column } from '../../components/DataTable.tsx';
import { Money } from '../../components/Money.tsx';
import { PlayerCell } from '../../components/PlayerCell.tsx';
import { formatDay } from '../../lib/format.ts';
import styles from './columns.module.css';
import { groupNames } from './labels.ts';

const counts = new Intl.NumberFormat('en-IN');

export function formatCount(value: number): string {
  return counts.format(value);
}

/** "1 bid", "3 bids": the console's one plural rule (`@gama/ui/plural`). */
export { countOf } from '@gama/ui/plural';

/**
 * How an amount is coloured: `in` green (money coming in), `out` red (going out), `signed` by its sign (a result
 * or a signed movement), `plain` not at all.
 */
export type Flow = 'in' | 'out' | 'signed' | 'plain';

/** Points the console's one way (`value` in paise, as the answers carry it), coloured by what they mean. */
export function Points({ value, flow = 'plain' }: { value: number; flow?: Flow }): ReactNode {
  if (flow === 'plain') return <Money paise={value} />;
  if (flow === 'signed')
    return <Money paise={value} flow={value > 0 ? 'in' : value < 0 ? 'out' : undefined} />;
  return value === 0 ? <Money paise={value} /> : <Money paise={value} flow={flow} />;
}

export function pointsColumn<R>(
  id: string,
  header: string,
  get: (row: R) => number,
  options: { sort?: string; flow?: Flow } = {},
): Column<R> {
  return {
    id,
    header,
    align: 'end',
    sort: options.sort,
    cell: (row) => <Points value={get(row)} flow={options.flow} />,
  };
}

export function countColumn<R>(
  id: string,
  header: string,
  get: (row: R) => number,
  sort?: string,
): Column<R> {
  return {
    id,
    header,
    align: 'end',
    sort,
    cell: (row) => <span className="tabular">{counts.format(get(row))}</span>,
  };
}

/** The market day of a row; `primary` when the day is what a phone card is about (a day-by-day report). */
export function dayColumn<R extends { date: string }>(sortable = true, primary = false): Column<R> {
  return {
    id: 'date',
    header: 'Date',
    sort: sortable ? 'date' : undefined,
    primary,
    cell: (row) => <span className={`tabular ${styles.nowrap}`}>{formatDay(row.date)}</span>,
  };
}

export function marketColumns<
  R extends { market_name: string; group: keyof typeof groupNames },
>(): Column<R>[] {
  return [
    { id: 'market', header: 'Market', sort: 'market', primary: true, cell: (row) => row.market_name },
    { id: 'group', header: 'Group', cell: (row) => groupNames[row.group] },
  ];
}

export function playerColumn<R extends { player_id: number; user_name: string; mobile: string }>(
  sort?: string,
  primary = true,
): Column<R> {
  return {
    id: 'player',
    header: 'Player',
    sort,
    primary,
    cell: (row) => (
      <PlayerCell player={{ id: row.player_id, user_name: row.user_name, mobile: row.mobile }} />
    ),
  };
}
