import type { ReactNode } from 'react';
import { DataTable, type DataTableProps } from '../../components/DataTable.tsx';
import { ExportButton } from '../../components/ExportButton.tsx';
import { FilterBar } from '../../components/FilterBar.tsx';
import { listTable, type ListQuery } from '../../components/list-table.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Segmented } from '../../components/Segmented.tsx';
import type { TableParams } from '../../lib/table-params.ts';
import { FilterFields, type FilterField } from '../filters/FilterFields.tsx';
import { ShortcutHint } from './ShortcutHint.tsx';
import styles from './Queue.module.css';

type SearchFilter = 'q' | 'from' | 'to';

/** The filters every queue starts with: the player search and the request dates. */
const searchFields: ReadonlyArray<FilterField<SearchFilter>> = [
  { kind: 'text', name: 'q', label: 'Player (phone, name or id)' },
  { kind: 'date', name: 'from', label: 'From' },
  { kind: 'date', name: 'to', label: 'To' },
];

/** What the screen draws of `useQueue`'s state. */
interface QueueView<S extends string, R, F extends string> {
  table: Pick<
    TableParams,
    'page' | 'pageSize' | 'dir' | 'setFilters' | 'setPage' | 'setPageSize' | 'setSort'
  >;
  draft: Record<SearchFilter | F, string>;
  set: (name: SearchFilter | F, value: string) => void;
  statuses: ReadonlyArray<{ value: S; label: string }>;
  status: S;
  sort: string;
  list: ListQuery<R>;
  clear: () => void;
}

interface QueueScreenProps<S extends string, R, F extends string> {
  queue: QueueView<S, R, F>;
  title: string;
  description: ReactNode;
  /** The CSV of the rows the filters select, and its file name. */
  exportHref: string;
  exportName: string;
  /** The queue keys are shown to an operator who may decide, where rows wait. */
  shortcuts: boolean;
  onStatusChange?: () => void;
  /** Filters of this queue's own, after the player search and the dates. */
  filters?: ReadonlyArray<FilterField<F>>;
  /** Between the filters and the table (the bulk bar of the selected rows). */
  banner?: ReactNode;
  /** The table's own part: what the list, the paging and the sorting do not decide. */
  table: Omit<DataTableProps<R>, 'rows' | 'loading' | 'error' | 'onRetry' | 'sorting' | 'paging'>;
  /** The dialogs the row actions open. */
  children?: ReactNode;
}

/**
 * A money queue (deposits, withdrawals): the status tabs, the player and date filters folded on a phone, and
 * the requests as a table with the keyboard's decisions; the screen brings its columns, actions and dialogs.
 */
export function QueueScreen<S extends string, R, F extends string = never>(props: QueueScreenProps<S, R, F>) {
  const { queue, table, filters, banner, children } = props;
  const { draft, set, list } = queue;
  return (
    <>
      <PageHeader
        title={props.title}
        description={props.description}
        actions={<ExportButton href={props.exportHref} filename={props.exportName} />}
      />
      <div className={styles.toolbar}>
        <Segmented
          label="Status"
          value={queue.status}
          options={queue.statuses}
          onChange={(value) => {
            props.onStatusChange?.();
            queue.table.setFilters({ status: value });
          }}
        />
        {props.shortcuts && <ShortcutHint />}
      </div>
      <FilterBar foldOnPhone onApply={() => queue.table.setFilters(draft)} onClear={queue.clear}>
        <FilterFields<SearchFilter | F>
          fields={[...searchFields, ...(filters ?? [])]}
          draft={draft}
          set={set}
        />
      </FilterBar>
      {banner}
      <DataTable {...table} {...listTable(list, queue.table, queue.sort)} />
      {children}
    </>
  );
}
