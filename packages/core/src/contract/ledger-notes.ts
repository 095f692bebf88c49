/**
 * The passbook's line for each wallet movement, as the server writes it on the journal. Written once here so
 * the player app finds each one in the catalogue and shows it in the player's language (issue 17).
 */
export const ledgerNotes = {
  depositApproved: 'Deposit approved',
  withdrawalRequested: 'Withdrawal requested',
  withdrawalPaid: 'Withdrawal paid',
  withdrawalReleased: 'Withdrawal rejected, points returned',
  referralReward: 'Referral reward',
  transfer: (from: string, to: string) => `Points transfer from ${from} to ${to}`,
  /** `bidDate` as the spec writes it (`20-November-2026`). */
  bid: (market: string, betType: string, bidDate: string) => `Bid ${market} ${betType} (${bidDate})`,
  win: (market: string, bidDate: string, half: 'open' | 'close' | 'single', value: string) =>
    half === 'single'
      ? `Win ${market} ${bidDate} (result ${value})`
      : `Win ${market} ${bidDate} (${half} result ${value})`,
} as const;
