/**
 * Declared results and how they are shown. Only panas (main, Starline) or two digits (Gali) are
 * declared; digits and the jodi are derived. The legacy API sends `open_result` / `close_result`
 * and clients join them (`"123-6"` + `"5-456"` = `123-65-456`).
 */
import { JODIS } from './number-sets.ts';
import { ankOf, isPana } from './panas.ts';

/** A main market's result: open pana, then close pana; null until declared. */
export interface MainResult {
  openPana: string | null;
  closePana: string | null;
}

export interface LegacyResultFields {
  open_result: string;
  close_result: string;
}

export interface MainResultParts {
  openPana: string | null;
  openDigit: string | null;
  closeDigit: string | null;
  closePana: string | null;
  /** Open digit followed by close digit, e.g. `'01'`; null until both are declared. */
  jodi: string | null;
}

/** Throws unless every declared value is one of the 220 panas and the close never comes first. */
export function assertMainResult(result: MainResult): void {
  for (const pana of [result.openPana, result.closePana]) {
    if (pana !== null && !isPana(pana)) throw new RangeError(`declared value is not a pana: ${pana}`);
  }
  if (result.closePana !== null && result.openPana === null) {
    throw new RangeError('close declared before open');
  }
}

export function mainResultParts(result: MainResult): MainResultParts {
  assertMainResult(result);
  const openDigit = result.openPana === null ? null : String(ankOf(result.openPana));
  const closeDigit = result.closePana === null ? null : String(ankOf(result.closePana));
  return {
    openPana: result.openPana,
    openDigit,
    closeDigit,
    closePana: result.closePana,
    jodi: openDigit !== null && closeDigit !== null ? openDigit + closeDigit : null,
  };
}

/** `***-**-***`, `123-6*-***`, `123-65-456`. */
export function formatMainResult(result: MainResult): string {
  const p = mainResultParts(result);
  return `${p.openPana ?? '***'}-${p.openDigit ?? '*'}${p.closeDigit ?? '*'}-${p.closePana ?? '***'}`;
}

/** `{open_result: '123-6', close_result: '5-456'}`; each empty until its half is declared. */
export function mainLegacyFields(result: MainResult): LegacyResultFields {
  const p = mainResultParts(result);
  return {
    open_result: p.openPana === null ? '' : `${p.openPana}-${p.openDigit}`,
    close_result: p.closePana === null ? '' : `${p.closeDigit}-${p.closePana}`,
  };
}

/** A Starline draw may be any of the 220 panas. */
export function assertStarlineResult(pana: string | null): void {
  if (pana !== null && !isPana(pana)) throw new RangeError(`declared value is not a pana: ${pana}`);
}

/** `349-6`, or `***-*` while pending. */
export function formatStarlineResult(pana: string | null): string {
  assertStarlineResult(pana);
  return pana === null ? '***-*' : `${pana}-${ankOf(pana)}`;
}

export function starlineLegacyFields(pana: string | null): LegacyResultFields {
  assertStarlineResult(pana);
  return { open_result: pana === null ? '' : `${pana}-${ankOf(pana)}`, close_result: '' };
}

/** A Gali result is two digits `00`..`99`. */
export function assertGaliResult(result: string | null): void {
  if (result !== null && !JODIS.includes(result)) throw new RangeError(`not a Gali result: ${result}`);
}

/** `47`, or `**` while pending. */
export function formatGaliResult(result: string | null): string {
  assertGaliResult(result);
  return result ?? '**';
}

export function galiLegacyFields(result: string | null): LegacyResultFields {
  assertGaliResult(result);
  return { open_result: result ?? '', close_result: '' };
}
