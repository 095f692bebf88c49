/**
 * How the bid side of the liability caps names a number (issue 16). The caps themselves are checked inside
 * gama_place_bid (migrations 0029, 0032): a capped number's potential payout is added to its exposure row with
 * one conditional upsert whose row lock makes concurrent bids on the number take turns.
 */

/** The number as a refusal and the desk name it: the digits, or `open-close` panas of a sangam. */
export function numberLabel(digits: string, closeDigits: string): string {
  return closeDigits === '' ? digits : `${digits}-${closeDigits}`;
}

export const limitReached = (number: string): string => `Limit reached for ${number}`;
