import { HistoryScreen } from '../../shared/history/index.ts';

export function GaliBidsScreen() {
  return <HistoryScreen title="GALI DISAWAR BIDS" kind="bids" group="gali" showSession={false} />;
}

export function GaliWinsScreen() {
  return <HistoryScreen title="GALI DISAWAR WINS" kind="wins" group="gali" showSession={false} />;
}
