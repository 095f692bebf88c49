import { getBetType, type BetTypeId } from '@gama/core/rules/bet-types';
import { BidRoute } from '../../shared/bids/index.ts';

/**
 * The four Starline bid screens: the shared builder with a Starline catalogue entry. A slot's name is only
 * its time ("01:00 PM"), so the heading says which game it belongs to.
 */
export default function StarlineBidScreen({ betType: id }: { betType: BetTypeId }) {
  const betType = getBetType(id);
  return <BidRoute betType={betType} title={`Starline ${betType.label}`} />;
}
