import { BET_TYPES, type BetTypeId } from '@gama/core/rules/bet-types';
import { BidRoute } from '../../shared/bids/index.ts';

/** One of the ten main bid screens: the shared builder with that bet type. */
export default function MainBidScreen({ betType }: { betType: BetTypeId }) {
  return <BidRoute betType={BET_TYPES[betType]} />;
}
