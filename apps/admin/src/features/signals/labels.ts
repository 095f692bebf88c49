import type { Tone } from '../../lib/labels.ts';

/** The words the console uses for each kind and status of flag. */
export const kindLabel = {
  link: 'Linked accounts',
  chain: 'Transfer chain',
  burst_out: 'Burst sent',
  burst_in: 'Burst received',
} as const;

export const statusTone: Record<'open' | 'dismissed' | 'confirmed', Tone> = {
  open: 'warning',
  dismissed: 'info',
  confirmed: 'danger',
};

export const statusLabel = { open: 'Open', dismissed: 'Dismissed', confirmed: 'Confirmed' } as const;
