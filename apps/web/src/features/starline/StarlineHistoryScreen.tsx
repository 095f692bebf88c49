import { HistoryScreen } from '../../shared/history/index.ts';

export function StarlineBidsScreen() {
  return (
    <HistoryScreen
      title="STARLINE BIDS"
      kind="bids"
      path="/api-starline-bid-history-data"
      showSession={false}
    />
  );
}

export function StarlineWinsScreen() {
  return (
    <HistoryScreen
      title="STARLINE WINS"
      kind="wins"
      path="/api-starline-wining-history-data"
      showSession={false}
    />
  );
}
