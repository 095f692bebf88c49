import type { BetType } from '@gama/core/rules/bet-types';
import { NUMBER_SETS, type NumberSetId } from '@gama/core/rules/number-sets';
import type { Session } from '@gama/core/rules/sessions';

export interface InputSpec {
  label: string;
  /** The longest entry the field can hold: anything longer is refused as typed, never cut. */
  maxLength: number;
  suggestions: readonly string[];
}

const MAX_LENGTH: Record<NumberSetId, number> = {
  digit: 1,
  jodi: 2,
  single_pana: 3,
  double_pana: 3,
  triple_pana: 3,
  any_pana: 3,
};
const MOTOR_MAX_LENGTH = 10;

function setInput(label: string, set: NumberSetId): InputSpec {
  return { label, maxLength: MAX_LENGTH[set], suggestions: NUMBER_SETS[set] };
}

/** The labels and suggestion lists of one bet type's inputs, from the catalogue (no per-screen code). */
export function inputsOf(betType: BetType, session: Session): { digit: InputSpec; close: InputSpec | null } {
  if (betType.id === 'half_sangam') {
    // D4: the open form is open digit + close pana, the close form close digit + open pana.
    return session === 'open'
      ? { digit: setInput('Open Digit', 'digit'), close: setInput('Close Pana', 'any_pana') }
      : { digit: setInput('Close Digit', 'digit'), close: setInput('Open Pana', 'any_pana') };
  }
  if (betType.closeDigitInput !== null) {
    return {
      digit: setInput('Open Pana', betType.digitInput === 'motor_digits' ? 'any_pana' : betType.digitInput),
      close: setInput('Close Pana', betType.closeDigitInput),
    };
  }
  if (betType.digitInput === 'motor_digits') {
    return { digit: { label: 'Pana', maxLength: MOTOR_MAX_LENGTH, suggestions: [] }, close: null };
  }
  const set = betType.digitInput;
  return { digit: setInput(set === 'digit' || set === 'jodi' ? 'Digit' : 'Pana', set), close: null };
}

/** How a row names its number: Jodi rows read "Close Digit" as in the spec. */
export function rowLabel(betType: BetType, session: Session): string {
  if (betType.id === 'jodi_digit') return 'Close Digit';
  return inputsOf(betType, session).digit.label;
}
