import { endpoints } from '@gama/core/endpoints';
import { zonedParts } from '@gama/core/rules/time';
import type { AnyEndpoint, CallInput } from '@gama/core/endpoints/define';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../lib/api-client.ts';
import { marketTimeZone, serverNow, syncServerClock } from '../../lib/market-clock.ts';
import { useCan } from '../../lib/session.ts';
import { useTableParams, type SortDir } from '../../lib/table-params.ts';

/**
 * Today on the server's market clock, which a report's default range starts from: the laptop's clock may be
 * wrong or in another zone. The dashboard's answer carries the server's day and time, and every role that reads
 * reports may read the dashboard; a role that could not would fall back to the synced clock.
 */
export function useMarketToday(): string | null {
  const canReadDashboard = useCan('dashboard.read');
  const dashboard = useQuery({
    queryKey: ['dashboard'],
    queryFn: ({ signal }) => call(endpoints.dashboard, {}, { signal }),
    enabled: canReadDashboard,
    staleTime: 60_000,
  });
  const data = dashboard.data;
  useEffect(() => {
    if (data) syncServerClock(data.server_time, data.time_zone);
  }, [data]);
  if (!canReadDashboard || dashboard.isError) return zonedParts(serverNow(), marketTimeZone()).date;
  return data?.date ?? null;
}

/** A calendar day `days` after (or before) `iso`. */
export function shiftDay(iso: string, days: number): string {
  const at = new Date(`${iso}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** The ranges an operator asks for most, relative to the market's today. */
export function rangePresets(today: string): Array<{ id: string; label: string; from: string; to: string }> {
  const monthStart = `${today.slice(0, 8)}01`;
  const lastMonthEnd = shiftDay(monthStart, -1);
  return [
    { id: 'today', label: 'Today', from: today, to: today },
    { id: 'yesterday', label: 'Yesterday', from: shiftDay(today, -1), to: shiftDay(today, -1) },
    { id: 'week', label: 'Last 7 days', from: shiftDay(today, -6), to: today },
    { id: 'month', label: 'This month', from: monthStart, to: today },
    { id: 'last-month', label: 'Last month', from: `${lastMonthEnd.slice(0, 8)}01`, to: lastMonthEnd },
  ];
}

/** `value` when it is one of `allowed` (a filter read from the URL), else nothing. */
export function pick<T extends string>(value: string, allowed: readonly T[]): T | undefined {
  return (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** A whole positive number typed in a filter, else nothing. */
export function idFilter(value: string): number | undefined {
  return /^\d{1,15}$/.test(value) && Number(value) > 0 ? Number(value) : undefined;
}

/**
 * A report's paging, sorting and filters in the URL, the range defaulting to today. Filters always include the
 * range (`from`, `to`); the sort is checked against the report's own keys.
 */
export function useReportTable<F extends string, S extends string>(options: {
  today: string;
  filters: readonly F[];
  sorts: readonly S[];
  defaultSort: S;
  defaultDir?: SortDir;
}) {
  const { today, filters, sorts, defaultSort, defaultDir = 'asc' } = options;
  const table = useTableParams<F | 'from' | 'to'>({
    filters: ['from', 'to', ...filters],
    defaultSort,
    defaultDir,
    defaultFilters: { from: today, to: today } as Partial<Record<F | 'from' | 'to', string>>,
  });
  const sort = pick(table.sort, sorts) ?? defaultSort;
  return {
    ...table,
    /** The query every report takes: the range, the page, the sort. */
    base: {
      from: table.filters.from,
      to: table.filters.to,
      page: table.page,
      page_size: table.pageSize,
      sort,
      dir: table.dir,
    },
  };
}

export type ReportTable = ReturnType<typeof useReportTable<string, string>>;

/** One report's answer for the URL's filters; the previous page stays on screen while the next one loads. */
export function useReport<E extends AnyEndpoint>(name: string, endpoint: E, input: CallInput<E>) {
  return useQuery({
    queryKey: ['reports', name, input],
    queryFn: ({ signal }) => call(endpoint, input, { signal }),
    placeholderData: keepPreviousData,
  });
}
