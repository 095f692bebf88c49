import { betTypesOf } from '@gama/core/rules/bet-types';
import { BetTypeMenu } from '../../shared/markets/BetTypeMenu.tsx';

const GALI_TYPES = betTypesOf('gali');

export default function GaliGameScreen() {
  return <BetTypeMenu title="Gali Disawar" betTypes={GALI_TYPES} />;
}
