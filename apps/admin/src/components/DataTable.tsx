import { Skeleton } from '@gama/ui/Skeleton';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight } from 'lucide-react';
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { PAGE_SIZES, type SortDir } from '../lib/table-params.ts';
import { EmptyState, ErrorNotice } from './ErrorNotice.tsx';
import styles from './DataTable.module.css';

export interface Column<R> {
  id: string;
  header: string;
  cell: (row: R) => ReactNode;
  /** The value in a CSV export of the rows shown; without it the column is left out of the export. */
  csv?: (row: R) => string | number | null;
  /** The server's sort key for this column; sortable only when set. */
  sort?: string;
  align?: 'start' | 'end';
  /** On a phone each row is a card: this column is its heading. */
  primary?: boolean;
}

export interface Paging {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  onPageSize?: (size: number) => void;
}

export interface Sorting {
  sort: string;
  dir: SortDir;
  onSort: (key: string) => void;
}

export interface DataTableProps<R> {
  /** What the table lists, for screen readers ("Deposits waiting for a decision"). */
  caption: string;
  columns: ReadonlyArray<Column<R>>;
  rows: readonly R[] | undefined;
  rowKey: (row: R) => string | number;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  empty: string;
  paging?: Paging;
  sorting?: Sorting;
  /** Enter or a click on a row. */
  onOpen?: (row: R) => void;
  /** Keys pressed on a focused row (queue shortcuts); return true when handled. */
  onRowKey?: (key: string, row: R) => boolean;
  /** Bulk selection: a checkbox per row and one for the page. */
  selection?: {
    selected: ReadonlySet<string | number>;
    onChange: (next: Set<string | number>) => void;
    /** Rows that cannot be picked (already decided). */
    selectable?: (row: R) => boolean;
  };
  /** Buttons at the end of each row. */
  actions?: (row: R) => ReactNode;
  rowTone?: (row: R) => 'warning' | 'danger' | undefined;
  /** A last row with totals (of every row the filters select, not only this page): cells by column id. */
  totals?: { label: string; cells: Partial<Record<string, ReactNode>> };
}

/**
 * The console's table: server-side paging and sorting, keyboard navigation (arrows or j/k between rows, Enter
 * to open, the screen's own shortcuts), and on a phone each row becomes a card with its labels.
 */
export function DataTable<R>(props: DataTableProps<R>) {
  const { caption, columns, rows, rowKey, loading, error, onRetry, empty, paging, sorting } = props;
  const { onOpen, onRowKey, selection, actions, rowTone, totals } = props;
  const body = useRef<HTMLTableSectionElement>(null);

  const interactive = Boolean(onOpen || onRowKey);

  function moveFocus(from: HTMLElement, step: number) {
    const all = Array.from(body.current?.querySelectorAll<HTMLElement>('tr[data-row]') ?? []);
    const at = all.indexOf(from);
    all[Math.min(all.length - 1, Math.max(0, at + step))]?.focus();
  }

  function onKey(event: KeyboardEvent<HTMLTableRowElement>, row: R) {
    if (event.target !== event.currentTarget) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const key = event.key;
    if (key === 'ArrowDown' || key === 'j') moveFocus(event.currentTarget, 1);
    else if (key === 'ArrowUp' || key === 'k') moveFocus(event.currentTarget, -1);
    else if (key === 'Enter' && onOpen) onOpen(row);
    else if (!onRowKey?.(key, row)) return;
    event.preventDefault();
  }

  const selectableRows = rows?.filter((row) => selection?.selectable?.(row) ?? true) ?? [];
  const allPicked =
    selection !== undefined &&
    selectableRows.length > 0 &&
    selectableRows.every((row) => selection.selected.has(rowKey(row)));

  function pickAll(checked: boolean) {
    if (!selection) return;
    const next = new Set(selection.selected);
    for (const row of selectableRows) {
      if (checked) next.add(rowKey(row));
      else next.delete(rowKey(row));
    }
    selection.onChange(next);
  }

  const colCount = columns.length + (selection ? 1 : 0) + (actions ? 1 : 0);

  return (
    <div className={styles.wrap}>
      {error !== undefined && error !== null && <ErrorNotice error={error} onRetry={onRetry} />}
      {selection && (
        // On a phone the header row is not shown, so the page's checkbox stands above the cards.
        <label className={styles.pickAllPhone}>
          <input
            type="checkbox"
            checked={allPicked}
            disabled={selectableRows.length === 0}
            onChange={(event) => pickAll(event.target.checked)}
          />
          Select every row on this page
        </label>
      )}
      {sorting && <PhoneSort columns={columns} sorting={sorting} />}
      {/* A table with nothing to focus inside is scrolled from the keyboard through its scroller (WCAG 2.1.1). */}
      <div
        className={styles.scroller}
        {...(interactive || selection || actions || sorting
          ? {}
          : { tabIndex: 0, role: 'group', 'aria-label': caption })}
      >
        {/* Explicit roles: on a phone the rows are laid out as cards (display: grid), and browsers drop the
            table semantics of restyled table elements unless they are stated. */}
        <table role="table" className={styles.table} aria-busy={loading || undefined}>
          <caption className="visually-hidden">{caption}</caption>
          <thead role="rowgroup">
            <tr role="row">
              {selection && (
                <th role="columnheader" scope="col" className={styles.pick}>
                  <input
                    type="checkbox"
                    aria-label="Select every row on this page"
                    checked={allPicked}
                    disabled={selectableRows.length === 0}
                    onChange={(event) => pickAll(event.target.checked)}
                  />
                </th>
              )}
              {columns.map((column) => (
                <th
                  key={column.id}
                  role="columnheader"
                  scope="col"
                  className={column.align === 'end' ? styles.end : undefined}
                  aria-sort={
                    sorting && column.sort && sorting.sort === column.sort
                      ? sorting.dir === 'asc'
                        ? 'ascending'
                        : 'descending'
                      : undefined
                  }
                >
                  {sorting && column.sort ? (
                    <SortButton column={column} sorting={sorting} sortKey={column.sort} />
                  ) : (
                    column.header
                  )}
                </th>
              ))}
              {actions && (
                <th role="columnheader" scope="col" className={styles.end}>
                  <span className="visually-hidden">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody ref={body} role="rowgroup">
            {rows === undefined && loading
              ? Array.from({ length: 5 }, (_, index) => (
                  <tr key={index} role="row" className={styles.skeletonRow}>
                    <td role="cell" colSpan={colCount}>
                      <Skeleton height={18} />
                    </td>
                  </tr>
                ))
              : rows?.map((row) => {
                  const key = rowKey(row);
                  const tone = rowTone?.(row);
                  return (
                    <tr
                      key={key}
                      role="row"
                      data-row=""
                      tabIndex={interactive ? 0 : undefined}
                      className={[
                        interactive && styles.interactive,
                        tone && styles[tone],
                        selection?.selected.has(key) && styles.picked,
                      ]
                        .filter(Boolean)
                        .join(' ')}
                      onKeyDown={interactive ? (event) => onKey(event, row) : undefined}
                      onClick={
                        onOpen
                          ? (event) => {
                              // Buttons, links and checkboxes inside the row do their own thing.
                              if ((event.target as HTMLElement).closest('button, a, input, label')) return;
                              onOpen(row);
                            }
                          : undefined
                      }
                    >
                      {selection && (
                        <td role="cell" className={styles.pick}>
                          <input
                            type="checkbox"
                            aria-label={`Select row ${key}`}
                            checked={selection.selected.has(key)}
                            disabled={!(selection.selectable?.(row) ?? true)}
                            onChange={(event) => {
                              const next = new Set(selection.selected);
                              if (event.target.checked) next.add(key);
                              else next.delete(key);
                              selection.onChange(next);
                            }}
                          />
                        </td>
                      )}
                      {columns.map((column) => (
                        <td
                          key={column.id}
                          role="cell"
                          data-label={column.header}
                          className={[column.align === 'end' && styles.end, column.primary && styles.primary]
                            .filter(Boolean)
                            .join(' ')}
                        >
                          {column.cell(row)}
                        </td>
                      ))}
                      {actions && (
                        <td role="cell" className={[styles.end, styles.actions].join(' ')}>
                          {actions(row)}
                        </td>
                      )}
                    </tr>
                  );
                })}
          </tbody>
          {totals && rows !== undefined && rows.length > 0 && (
            <tfoot>
              <tr className={styles.totals}>
                {selection && <td />}
                {columns.map((column, index) => {
                  const cell = totals.cells[column.id];
                  // The first cell always names the row, with its own total after the name if it has one.
                  const first = index === 0;
                  return (
                    <td
                      key={column.id}
                      data-label={first || cell === undefined ? undefined : column.header}
                      className={[column.align === 'end' && styles.end, first && styles.primary]
                        .filter(Boolean)
                        .join(' ')}
                    >
                      {first && cell !== undefined ? (
                        <span>
                          {totals.label}: {cell}
                        </span>
                      ) : first ? (
                        totals.label
                      ) : (
                        cell
                      )}
                    </td>
                  );
                })}
                {actions && <td />}
              </tr>
            </tfoot>
          )}
        </table>
        {rows !== undefined && rows.length === 0 && !loading && <EmptyState>{empty}</EmptyState>}
      </div>
      {paging && <Pager paging={paging} shown={rows?.length ?? 0} />}
    </div>
  );
}

function SortButton<R>({
  column,
  sorting,
  sortKey,
}: {
  column: Column<R>;
  sorting: Sorting;
  sortKey: string;
}) {
  const active = sorting.sort === sortKey;
  const Icon = !active ? ArrowUpDown : sorting.dir === 'asc' ? ArrowUp : ArrowDown;
  return (
    <button type="button" className={styles.sort} onClick={() => sorting.onSort(sortKey)}>
      {column.header}
      <Icon size={14} aria-hidden="true" className={active ? undefined : styles.sortIdle} />
    </button>
  );
}

/** On a phone the header row is hidden behind the cards: the sort is a select and a direction button. */
function PhoneSort<R>({ columns, sorting }: { columns: ReadonlyArray<Column<R>>; sorting: Sorting }) {
  const sortable = columns.filter((column) => column.sort);
  if (sortable.length === 0) return null;
  const Icon = sorting.dir === 'asc' ? ArrowUp : ArrowDown;
  return (
    <div className={styles.phoneSort}>
      <label>
        <span>Sort by</span>
        <select value={sorting.sort} onChange={(event) => sorting.onSort(event.target.value)}>
          {sortable.map((column) => (
            <option key={column.id} value={column.sort}>
              {column.header}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className={styles.pageButton} onClick={() => sorting.onSort(sorting.sort)}>
        <Icon size={16} aria-hidden="true" />
        <span className="visually-hidden">
          {sorting.dir === 'asc' ? 'Ascending: sort descending' : 'Descending: sort ascending'}
        </span>
      </button>
    </div>
  );
}

const count = new Intl.NumberFormat('en-IN');

function Pager({ paging, shown }: { paging: Paging; shown: number }) {
  const { page, pageSize, total, onPage, onPageSize } = paging;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = total === 0 ? 0 : first + shown - 1;
  return (
    <nav className={styles.pager} aria-label="Pages">
      <p className="tabular">
        {count.format(first)}–{count.format(last)} of {count.format(total)}
      </p>
      <div className={styles.pagerControls}>
        {onPageSize && (
          <label className={styles.pageSize}>
            <span>Rows</span>
            <select value={pageSize} onChange={(event) => onPageSize(Number(event.target.value))}>
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </label>
        )}
        <button
          type="button"
          className={styles.pageButton}
          onClick={() => onPage(page - 1)}
          disabled={page <= 1}
          aria-label="Previous page"
        >
          <ChevronLeft size={18} aria-hidden="true" />
        </button>
        <span className="tabular">
          Page {page} of {pages}
        </span>
        <button
          type="button"
          className={styles.pageButton}
          onClick={() => onPage(page + 1)}
          disabled={page >= pages}
          aria-label="Next page"
        >
          <ChevronRight size={18} aria-hidden="true" />
        </button>
      </div>
    </nav>
  );
}
