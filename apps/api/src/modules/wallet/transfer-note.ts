import { ledgerNotes } from '@gama/core/contract/ledger-notes';

/** "Ravindra" -> "Ra****ra": enough to confirm the person, not enough to harvest names. */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length <= 2) return `${chars[0] ?? ''}*`;
  if (chars.length <= 4) return `${chars[0]}${'*'.repeat(chars.length - 1)}`;
  return `${chars.slice(0, 2).join('')}${'*'.repeat(chars.length - 4)}${chars.slice(-2).join('')}`;
}

export interface TransferParty {
  id: number;
  name: string;
}

/**
 * The passbook line of a transfer. The reader's own name is theirs to see in full; the other party is masked.
 * Without a reader (the journal's own note, for operators' records) both are masked.
 */
export function transferNote(from: TransferParty, to: TransferParty, readerId?: number): string {
  const shown = (party: TransferParty) => (party.id === readerId ? party.name : maskName(party.name));
  return ledgerNotes.transfer(shown(from), shown(to));
}
