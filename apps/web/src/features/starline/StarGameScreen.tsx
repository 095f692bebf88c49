import { betTypesOf } from '@gama/core/rules/bet-types';
import { BetTypeMenu } from '../../shared/markets/BetTypeMenu.tsx';

const STARLINE_TYPES = betTypesOf('starline');

export default function StarGameScreen() {
  return <BetTypeMenu title="Starline" betTypes={STARLINE_TYPES} />;
}
