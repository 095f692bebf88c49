import { HistoryScreen } from '../../shared/history/index.ts';

export function StarlineBidsScreen() {
  return <HistoryScreen title="STARLINE BIDS" kind="bids" group="starline" showSession={false} />;
}

export function StarlineWinsScreen() {
  return <HistoryScreen title="STARLINE WINS" kind="wins" group="starline" showSession={false} />;
}
