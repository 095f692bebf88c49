import { HistoryScreen } from '../../shared/history/index.ts';

/** `/imp4` */
export function MainBidHistoryScreen() {
  return <HistoryScreen title="Bid History" kind="bids" path="/api-bid-history-data" />;
}

/** `/imp3` */
export function MainWinHistoryScreen() {
  return <HistoryScreen title="Win History" kind="wins" path="/api-wining-history-data" />;
}
