import { HistoryScreen } from '../../shared/history/index.ts';

export function GaliBidsScreen() {
  return (
    <HistoryScreen
      title="GALI DISAWAR BIDS"
      kind="bids"
      path="/api-galidisawar-bid-history-data"
      showSession={false}
    />
  );
}

export function GaliWinsScreen() {
  return (
    <HistoryScreen
      title="GALI DISAWAR WINS"
      kind="wins"
      path="/api-galidisawar-wining-history-data"
      showSession={false}
    />
  );
}
