import type { BidRecord, WinRecord } from '@gama/core/endpoints/bids/index';
import { bidEndpointsOf } from '@gama/core/endpoints';
import type { MarketGroup } from '@gama/core/rules/bet-types';
import { formatHistoryDate, type IsoDate } from '@gama/core/rules/dates';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';

export type HistoryKind = 'bids' | 'wins';

export type HistoryRecords = { kind: 'bids'; rows: BidRecord[] } | { kind: 'wins'; rows: WinRecord[] };

async function fetchHistory(
  kind: HistoryKind,
  group: MarketGroup,
  from: IsoDate,
  to: IsoDate,
  signal: AbortSignal,
): Promise<HistoryRecords> {
  // Bid histories take bid_from/bid_to, win histories date_from/date_to (spec 02 section 7).
  if (kind === 'bids') {
    const answer = await call(
      bidEndpointsOf[group].bids,
      { bid_from: formatHistoryDate(from), bid_to: formatHistoryDate(to) },
      { signal },
    );
    return { kind, rows: answer.bid_data };
  }
  const answer = await call(
    bidEndpointsOf[group].wins,
    { date_from: formatHistoryDate(from), date_to: formatHistoryDate(to) },
    { signal },
  );
  return { kind, rows: answer.win_data };
}

export function useHistory(
  kind: HistoryKind,
  group: MarketGroup,
  range: { from: IsoDate; to: IsoDate } | null,
) {
  return useQuery({
    queryKey: ['history', kind, group, range?.from, range?.to],
    queryFn: ({ signal }) => {
      if (range === null) throw new Error('no range yet');
      return fetchHistory(kind, group, range.from, range.to, signal);
    },
    enabled: range !== null,
    retry: false,
    // A history is read when asked for; a placed bid or a declared result must show on the next Submit.
    staleTime: 0,
    gcTime: 0,
  });
}
