import type { BetType } from '@gama/core/rules/bet-types';
import { BidRoute } from '../../shared/bids/index.ts';

/** Left, Right and Jodi Digit: the shared builder with a Gali catalogue entry. */
export default function GaliBidScreen({ betType }: { betType: BetType }) {
  return <BidRoute betType={betType} />;
}
