import type { TableParams } from '../lib/table-params.ts';
import type { DataTableProps } from './DataTable.tsx';

/** What a table shows of its list query (TanStack's `useQuery` answer of one page). */
export interface ListQuery<R> {
  data?: { rows: R[]; total: number } | undefined;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

type ListProps<R> = Pick<DataTableProps<R>, 'rows' | 'loading' | 'error' | 'onRetry' | 'paging' | 'sorting'>;

/**
 * A paged list's table props: the page's rows, its loading and failure (with a retry), and the paging and sort
 * the URL holds. `sort` is the key the screen accepted from the URL; without it the table does not sort.
 */
export function listTable<R>(
  list: ListQuery<R>,
  table: Pick<TableParams, 'page' | 'pageSize' | 'dir' | 'setPage' | 'setPageSize' | 'setSort'>,
  sort?: string,
): ListProps<R> {
  return {
    rows: list.data?.rows,
    loading: list.isFetching,
    error: list.error,
    onRetry: () => void list.refetch(),
    paging: {
      page: table.page,
      pageSize: table.pageSize,
      total: list.data?.total ?? 0,
      onPage: table.setPage,
      onPageSize: table.setPageSize,
    },
    ...(sort === undefined ? {} : { sorting: { sort, dir: table.dir, onSort: table.setSort } }),
  };
}
