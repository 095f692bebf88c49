import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type SortDir = 'asc' | 'desc';

export interface TableParamsOptions<F extends string> {
  /** The filter names this table keeps in the URL (each one a search parameter of the same name). */
  filters: readonly F[];
  defaultSort: string;
  defaultDir?: SortDir;
  defaultPageSize?: number;
  /** Values a filter takes when the URL does not name it (a queue opens on "pending"). */
  defaultFilters?: Partial<Record<F, string>>;
}

export const PAGE_SIZES = [25, 50, 100, 200] as const;

/**
 * A table's paging, sorting and filters, kept in the URL's search parameters so a link shows the same rows
 * (console-design.md). Changing a filter or the sort goes back to page 1.
 */
export function useTableParams<F extends string>(options: TableParamsOptions<F>) {
  const [search, setSearch] = useSearchParams();
  const { filters: names, defaultSort, defaultDir = 'desc', defaultPageSize = 50, defaultFilters } = options;

  const page = positive(search.get('page')) ?? 1;
  const sizeAsked = positive(search.get('size'));
  const pageSize =
    sizeAsked !== null && (PAGE_SIZES as readonly number[]).includes(sizeAsked) ? sizeAsked : defaultPageSize;
  const sort = search.get('sort') ?? defaultSort;
  const dirText = search.get('dir');
  const dir: SortDir = dirText === 'asc' || dirText === 'desc' ? dirText : defaultDir;

  const filterKey = names.map((name) => `${name}=${search.get(name) ?? ''}`).join('&');
  const filters = useMemo(() => {
    const values = {} as Record<F, string>;
    for (const name of names) values[name] = search.get(name) ?? defaultFilters?.[name] ?? '';
    return values;
    // filterKey stands for the filter values of `search`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filterKey]);

  const update = useCallback(
    (change: (next: URLSearchParams) => void) => {
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          change(next);
          return next;
        },
        { replace: false },
      );
    },
    [setSearch],
  );

  const setFilters = useCallback(
    (values: Partial<Record<F, string>>) =>
      update((next) => {
        for (const [name, value] of Object.entries(values) as Array<[F, string | undefined]>) {
          if (value === undefined) continue;
          if (value === '' && defaultFilters?.[name] === undefined) next.delete(name);
          else next.set(name, value);
        }
        next.delete('page');
      }),
    [update, defaultFilters],
  );

  const setPage = useCallback(
    (to: number) =>
      update((next) => {
        if (to <= 1) next.delete('page');
        else next.set('page', String(to));
      }),
    [update],
  );

  const setPageSize = useCallback(
    (size: number) =>
      update((next) => {
        next.set('size', String(size));
        next.delete('page');
      }),
    [update],
  );

  /** A click on a column: that column descending first, a second click flips it. */
  const setSort = useCallback(
    (key: string) =>
      update((next) => {
        const nextDir: SortDir = key === sort ? (dir === 'desc' ? 'asc' : 'desc') : 'desc';
        next.set('sort', key);
        next.set('dir', nextDir);
        next.delete('page');
      }),
    [update, sort, dir],
  );

  /** Only the filters that are set, as a query object. */
  const activeFilters = useMemo(() => {
    const set: Partial<Record<F, string>> = {};
    for (const name of names) if (filters[name] !== '') set[name] = filters[name];
    return set;
  }, [filters, names]);

  return { page, pageSize, sort, dir, filters, activeFilters, setFilters, setPage, setPageSize, setSort };
}

export type TableParams = ReturnType<typeof useTableParams<string>>;

function positive(text: string | null): number | null {
  if (text === null || !/^\d{1,7}$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 ? value : null;
}
