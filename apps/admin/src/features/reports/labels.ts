export const groupNames = { main: 'Main', starline: 'Starline', gali: 'Gali Disawar' } as const;

export const sessionNames = { open: 'Open', close: 'Close' } as const;

export const methodNames: Record<string, string> = {
  google_pay: 'Google Pay',
  paytm: 'Paytm',
  phonepe: 'PhonePe',
  upi: 'UPI',
};

/** A number as bids name it: the digits, and for a sangam the second part after a dash. */
export function numberOf(line: { digits: string; close_digits: string }): string {
  return line.close_digits ? `${line.digits}-${line.close_digits}` : line.digits;
}
