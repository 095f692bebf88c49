import { HistoryScreen } from '../../shared/history/index.ts';

/** `/imp4` */
export function MainBidHistoryScreen() {
  return <HistoryScreen title="Bid History" kind="bids" group="main" />;
}

/** `/imp3` */
export function MainWinHistoryScreen() {
  return <HistoryScreen title="Win History" kind="wins" group="main" />;
}
