import type { MarketRow } from '@gama/core/endpoints/markets/index';
import { formatMainResult } from '@gama/core/rules/results';

/**
 * `***-**-***`, `123-6*-***`, `123-65-456` from the list's `open_result` ("123-6") and `close_result`
 * ("5-456"); a value that is not a pana shows as not declared rather than breaking the list.
 */
export function mainResultText(row: Pick<MarketRow, 'open_result' | 'close_result'>): string {
  const openPana = row.open_result.split('-')[0]?.trim() || null;
  const closePana = row.close_result.split('-')[1]?.trim() || null;
  try {
    return formatMainResult({ openPana, closePana });
  } catch {
    return formatMainResult({ openPana: null, closePana: null });
  }
}
