/**
 * Numbers that are not money but are worked with the same factors: a share in percent, a size in MiB, a duration
 * in seconds, random digits. The money lint rule (decision 046) refuses `* 100`, `/ 100` and `.toFixed` outside
 * `money.ts`; it exempts this module too, so a percentage or a size is written here once, and nothing outside the
 * two modules carries an `eslint-disable` of the rule. No amount passes through here: money has its own module.
 */

/** `part` as a percentage of `whole`, unrounded (a bar's width): 0 when `whole` is 0. */
export function percentOf(part: number, whole: number): number {
  return whole === 0 ? 0 : (part / whole) * 100;
}

/** `part` as whole percent of `whole`, rounded down, so a share only reads 100 once it is all of it. */
export function wholePercentOf(part: number, whole: number): number {
  return Math.floor((part * 100) / whole);
}

/** A size for people: 1536 KiB -> "1.5 MiB". */
export function formatMiB(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** A duration for people to a tenth of a second: 2.345 -> "2.3 s". */
export function formatSeconds(seconds: number): string {
  return `${seconds.toFixed(1)} s`;
}

/** `count` random decimal digits as text, leading zeros kept: a Jodi result is "00" to "99". */
export function randomDigits(random: () => number, count: number): string {
  return String(Math.floor(random() * 10 ** count)).padStart(count, '0');
}
