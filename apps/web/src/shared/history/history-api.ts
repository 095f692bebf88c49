import type { BidRecord, WinRecord } from '@gama/core/contract/bids';
import { formatHistoryDate, type IsoDate } from '@gama/core/rules/dates';
import { useQuery } from '@tanstack/react-query';
import { post } from '../../lib/api-client.ts';

export type HistoryKind = 'bids' | 'wins';

interface HistoryResponse {
  status: boolean;
  bid_data?: BidRecord[];
  win_data?: WinRecord[];
}

export type HistoryRecords = { kind: 'bids'; rows: BidRecord[] } | { kind: 'wins'; rows: WinRecord[] };

async function fetchHistory(
  kind: HistoryKind,
  path: string,
  from: IsoDate,
  to: IsoDate,
  signal: AbortSignal,
): Promise<HistoryRecords> {
  // Bid histories take bid_from/bid_to, win histories date_from/date_to (spec 02 section 7).
  const body =
    kind === 'bids'
      ? { bid_from: formatHistoryDate(from), bid_to: formatHistoryDate(to) }
      : { date_from: formatHistoryDate(from), date_to: formatHistoryDate(to) };
  const response = await post<HistoryResponse>(path, body, { session: true, signal });
  const ok = response.status === true;
  if (kind === 'bids') return { kind, rows: ok ? (response.bid_data ?? []) : [] };
  return { kind, rows: ok ? (response.win_data ?? []) : [] };
}

export function useHistory(kind: HistoryKind, path: string, range: { from: IsoDate; to: IsoDate } | null) {
  return useQuery({
    queryKey: ['history', path, range?.from, range?.to],
    queryFn: ({ signal }) => {
      if (range === null) throw new Error('no range yet');
      return fetchHistory(kind, path, range.from, range.to, signal);
    },
    enabled: range !== null,
    retry: false,
    // A history is read when asked for; a placed bid or a declared result must show on the next Submit.
    staleTime: 0,
    gcTime: 0,
  });
}
