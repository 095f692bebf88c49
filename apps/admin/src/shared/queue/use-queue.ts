import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useFilterDraft } from '../../components/FilterBar.tsx';
import { useTableParams, type SortDir } from '../../lib/table-params.ts';

/** The filters every money queue has: its status tabs, a player search and the request dates. */
const BASE_FILTERS = ['status', 'q', 'from', 'to'] as const;
type BaseFilter = (typeof BASE_FILTERS)[number];

/** What a queue asks the server for, beyond the filters of its own. */
export interface QueueQuery<S extends string, O extends string> {
  status: S;
  sort: O;
  dir: SortDir;
  q?: string;
  from?: string;
  to?: string;
}

export interface QueueSpec<S extends string, O extends string, F extends string, X, D> {
  /** The query key of the list: a decision refreshes it (and the console's waiting counts). */
  name: string;
  /** The status tabs, the first one the queue opens on (what waits for a decision). */
  statuses: ReadonlyArray<{ value: S; label: string }>;
  sorts: readonly [O, ...O[]];
  /** Filters kept in the URL beyond the base ones, and what they add to the query when set. */
  filters?: readonly F[];
  extraQuery?: (filters: Record<F, string>) => X;
  list: (
    input: QueueQuery<S, O> & X & { page: number; page_size: number },
    signal: AbortSignal,
  ) => Promise<D>;
}

/**
 * A money queue's state: paging, sorting and filters in the URL (oldest request first, so the longest wait is
 * decided first), the filters' draft, and the page of rows, polled every 30 s while the screen is open.
 */
export function useQueue<
  S extends string,
  O extends string,
  F extends string = never,
  X = object,
  D = unknown,
>(spec: QueueSpec<S, O, F, X, D>) {
  const [firstStatus] = spec.statuses;
  const [defaultSort] = spec.sorts;
  const table = useTableParams<BaseFilter | F>({
    filters: [...BASE_FILTERS, ...(spec.filters ?? [])],
    defaultSort,
    defaultDir: 'asc',
    defaultFilters: { status: firstStatus?.value } as Partial<Record<BaseFilter | F, string>>,
  });
  const draft = useFilterDraft(table.filters);
  const { filters } = table;
  const status = (spec.statuses.find((s) => s.value === filters.status) ?? firstStatus)?.value as S;
  const sort = spec.sorts.find((s) => s === table.sort) ?? defaultSort;
  const query = {
    status,
    sort,
    dir: table.dir,
    ...(filters.q ? { q: filters.q } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(spec.extraQuery?.(filters) ?? ({} as X)),
  } as QueueQuery<S, O> & X;
  const list = useQuery({
    queryKey: [spec.name, query, table.page, table.pageSize],
    queryFn: ({ signal }) => spec.list({ ...query, page: table.page, page_size: table.pageSize }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
  const clearedFilters = Object.fromEntries(
    [...BASE_FILTERS.slice(1), ...(spec.filters ?? [])].map((name) => [name, '']),
  ) as Partial<Record<BaseFilter | F, string>>;
  return {
    table,
    ...draft,
    statuses: spec.statuses,
    status,
    sort,
    query,
    list,
    /** The status the queue opens on: rows there wait for a decision. */
    waiting: status === firstStatus?.value,
    /** The lists a decision changes: this queue and the console's waiting counts. */
    refresh: [[spec.name], ['waiting']],
    clear: () => table.setFilters(clearedFilters),
  };
}
