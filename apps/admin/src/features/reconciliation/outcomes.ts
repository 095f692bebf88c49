import type { StatementLineRow } from '@gama/core/endpoints/reconciliation/index';
import type { Tone } from '../../lib/labels.ts';

export type Outcome = StatementLineRow['outcome'];

/** Each outcome in words and colour, in the order the operator works through them. */
export const outcomes: ReadonlyArray<{ value: Outcome; label: string; tone: Tone }> = [
  { value: 'matched', label: 'Matched', tone: 'success' },
  { value: 'mismatched', label: 'Mismatched', tone: 'warning' },
  { value: 'unmatched', label: 'Unmatched', tone: 'danger' },
  { value: 'skipped', label: 'Skipped', tone: 'pending' },
];

export function outcomeOf(value: Outcome): { label: string; tone: Tone } {
  return outcomes.find((o) => o.value === value) ?? { label: value, tone: 'pending' };
}

export const statementsKey = ['statements'] as const;
export const statementKey = (id: number) => ['statements', id] as const;

/** The matched lines whose request is still pending: what "approve the matched lines" credits now. */
export function toApprove(lines: readonly StatementLineRow[]): StatementLineRow[] {
  return lines.filter((line) => line.outcome === 'matched' && line.deposit?.status === 'pending');
}
