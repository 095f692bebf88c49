import { getBetType, type BetTypeId } from '@gama/core/rules/bet-types';
import { BidRoute } from '../../shared/bids/index.ts';

/** Left, Right and Jodi Digit: the shared builder with a Gali catalogue entry. */
export default function GaliBidScreen({ betType }: { betType: BetTypeId }) {
  return <BidRoute betType={getBetType(betType)} />;
}
