/**
 * The one catalogue of bet types: 10 main, 4 Starline and 3 Gali Disawar.
 * For each: the label sent as `pana`, the screen route, the allowed input(s), the sessions a row
 * may carry, whether the tile closes at the open time, and which rate field pays it.
 */
import type { NumberSetId } from './number-sets.ts';
import { BET_TYPE_ROUTES } from './bet-routes.ts';
import { panaType } from './panas.ts';
import type { Session } from './sessions.ts';

export type MarketGroup = 'main' | 'starline' | 'gali';

export type BetTypeId =
  | 'single_digit'
  | 'jodi_digit'
  | 'single_pana'
  | 'double_pana'
  | 'triple_pana'
  | 'half_sangam'
  | 'full_sangam'
  | 'sp_dp_tp'
  | 'sp_motor'
  | 'dp_motor'
  | 'starline_single_digit'
  | 'starline_single_pana'
  | 'starline_double_pana'
  | 'starline_triple_pana'
  | 'gali_left_digit'
  | 'gali_right_digit'
  | 'gali_jodi_digit';

/** Rate field names as the legacy API spells them (`tripple` sic); each has `_val_1` and `_val_2`. */
export type RateField =
  | 'single_digit'
  | 'jodi_digit'
  | 'single_pana'
  | 'double_pana'
  | 'tripple_pana'
  | 'half_sangam'
  | 'full_sangam';

/** How one screen entry becomes stored bid rows. */
export type Expansion = 'none' | 'sp_motor' | 'dp_motor' | 'sp_dp_tp';

export interface BetType {
  id: BetTypeId;
  group: MarketGroup;
  /** Sent and stored as `pana`. */
  label: string;
  /** Player-app route of the bid screen. */
  route: string;
  /** What the digit field accepts; motors accept free digit strings checked by their expansion. */
  digitInput: NumberSetId | 'motor_digits';
  /** What the second field accepts (sangams only). */
  closeDigitInput: NumberSetId | null;
  /** The set every stored row's `digits` must belong to, after expansion (decision D11). */
  rowDigits: NumberSetId;
  expansion: Expansion;
  /** Sessions a row may carry; the first is what a one-session type stores. */
  sessions: readonly Session[];
  /** The tile refuses once the open time has passed, whatever the session. */
  timed: boolean;
  /** The rate that pays a row; `by_pana_type` = the rate of the row pana's own type (SP DP TP). */
  rateField: RateField | 'by_pana_type';
}

const BOTH: readonly Session[] = ['open', 'close'];
const OPEN: readonly Session[] = ['open'];
const CLOSE: readonly Session[] = ['close'];

/** Group and route come from `bet-routes.ts`, where the player app's route table reads them too. */
function define(
  id: BetTypeId,
  label: string,
  rest: Partial<Omit<BetType, 'id' | 'group' | 'label' | 'route'>> &
    Pick<BetType, 'digitInput' | 'rateField' | 'sessions'>,
): BetType {
  const rowDigits = rest.rowDigits ?? (rest.digitInput === 'motor_digits' ? 'any_pana' : rest.digitInput);
  return {
    id,
    ...BET_TYPE_ROUTES[id],
    label,
    closeDigitInput: null,
    expansion: 'none',
    timed: false,
    ...rest,
    rowDigits,
  };
}

export const BET_TYPES: Readonly<Record<BetTypeId, BetType>> = {
  single_digit: define('single_digit', 'Single Digit', {
    digitInput: 'digit',
    sessions: BOTH,
    rateField: 'single_digit',
  }),
  jodi_digit: define('jodi_digit', 'Jodi Digit', {
    digitInput: 'jodi',
    sessions: CLOSE,
    timed: true,
    rateField: 'jodi_digit',
  }),
  single_pana: define('single_pana', 'Single Pana', {
    digitInput: 'single_pana',
    sessions: BOTH,
    rateField: 'single_pana',
  }),
  double_pana: define('double_pana', 'Double Pana', {
    digitInput: 'double_pana',
    sessions: BOTH,
    rateField: 'double_pana',
  }),
  triple_pana: define('triple_pana', 'Triple Pana', {
    digitInput: 'triple_pana',
    sessions: BOTH,
    rateField: 'tripple_pana',
  }),
  // Session open: open digit + close pana; session close: close digit + open pana (D4).
  half_sangam: define('half_sangam', 'Half Sangam', {
    digitInput: 'digit',
    closeDigitInput: 'any_pana',
    sessions: BOTH,
    timed: true,
    rateField: 'half_sangam',
  }),
  // Both panas from the 220 list (D2); rows are stored as `closed`, i.e. close.
  full_sangam: define('full_sangam', 'Full Sangam', {
    digitInput: 'any_pana',
    closeDigitInput: 'any_pana',
    sessions: CLOSE,
    timed: true,
    rateField: 'full_sangam',
  }),
  sp_dp_tp: define('sp_dp_tp', 'SP DP TP', {
    digitInput: 'digit',
    rowDigits: 'any_pana',
    expansion: 'sp_dp_tp',
    sessions: BOTH,
    rateField: 'by_pana_type',
  }),
  sp_motor: define('sp_motor', 'SP Motor', {
    digitInput: 'motor_digits',
    rowDigits: 'single_pana',
    expansion: 'sp_motor',
    sessions: BOTH,
    rateField: 'single_pana',
  }),
  // The player's chosen session, not the legacy client's fixed `close` (D3).
  dp_motor: define('dp_motor', 'DP Motor', {
    digitInput: 'motor_digits',
    rowDigits: 'double_pana',
    expansion: 'dp_motor',
    sessions: BOTH,
    rateField: 'double_pana',
  }),
  starline_single_digit: define('starline_single_digit', 'Single Digit', {
    digitInput: 'digit',
    sessions: OPEN,
    rateField: 'single_digit',
  }),
  // The 120 single panas (D1).
  starline_single_pana: define('starline_single_pana', 'Single Pana', {
    digitInput: 'single_pana',
    sessions: OPEN,
    rateField: 'single_pana',
  }),
  starline_double_pana: define('starline_double_pana', 'Double Pana', {
    digitInput: 'double_pana',
    sessions: OPEN,
    rateField: 'double_pana',
  }),
  starline_triple_pana: define('starline_triple_pana', 'Triple Pana', {
    digitInput: 'triple_pana',
    sessions: OPEN,
    rateField: 'tripple_pana',
  }),
  // Gali reuses the Starline-style rate fields: Left = single_digit, Right = single_pana, Jodi = double_pana.
  gali_left_digit: define('gali_left_digit', 'Left Digit', {
    digitInput: 'digit',
    sessions: OPEN,
    timed: true,
    rateField: 'single_digit',
  }),
  gali_right_digit: define('gali_right_digit', 'Right Digit', {
    digitInput: 'digit',
    sessions: OPEN,
    timed: true,
    rateField: 'single_pana',
  }),
  gali_jodi_digit: define('gali_jodi_digit', 'Jodi Digit', {
    digitInput: 'jodi',
    sessions: OPEN,
    timed: true,
    rateField: 'double_pana',
  }),
};

export const BET_TYPE_IDS = Object.keys(BET_TYPES) as BetTypeId[];

/** The seven main rate rows in "Market Rates" order, then the Starline and Gali rate fields. */
export const MAIN_RATE_FIELDS: readonly RateField[] = [
  'single_digit',
  'jodi_digit',
  'single_pana',
  'double_pana',
  'tripple_pana',
  'half_sangam',
  'full_sangam',
];
export const STARLINE_RATE_FIELDS: readonly RateField[] = [
  'single_digit',
  'single_pana',
  'double_pana',
  'tripple_pana',
];
export const GALI_RATE_FIELDS: readonly RateField[] = ['single_digit', 'single_pana', 'double_pana'];

/** The catalogue entry of an id (or the entry itself); throws on an id that is not in the catalogue. */
export function getBetType(ref: BetTypeId | BetType): BetType {
  if (typeof ref !== 'string') return ref;
  // Ids may arrive from stored rows or requests at run time, whatever the static type says.
  if (!Object.hasOwn(BET_TYPES, ref)) throw new RangeError(`unknown bet type: ${String(ref)}`);
  return BET_TYPES[ref];
}

export function betTypesOf(group: MarketGroup): BetType[] {
  return BET_TYPE_IDS.map((id) => BET_TYPES[id]).filter((t) => t.group === group);
}

/** The bet type a submission means: its group (from the endpoint) and its `pana` label, any case. */
export function findBetType(group: MarketGroup, label: string): BetType | undefined {
  const wanted = label.toLowerCase();
  return betTypesOf(group).find((t) => t.label.toLowerCase() === wanted);
}

/** The bet type of a player-app route such as `/StarSingle` (any case). */
export function findBetTypeByRoute(route: string): BetType | undefined {
  const wanted = route.toLowerCase();
  return BET_TYPE_IDS.map((id) => BET_TYPES[id]).find((t) => t.route === wanted);
}

/** The rate field that pays one stored row; resolves SP DP TP by the row pana's type. */
export function rateFieldForRow(betType: BetType, digits: string): RateField {
  if (betType.rateField !== 'by_pana_type') return betType.rateField;
  const type = panaType(digits);
  if (type === 'single') return 'single_pana';
  return type === 'double' ? 'double_pana' : 'tripple_pana';
}
