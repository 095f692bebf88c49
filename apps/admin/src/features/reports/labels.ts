export const groupNames = { main: 'Main', starline: 'Starline', gali: 'Gali Disawar' } as const;

export const sessionNames = { open: 'Open', close: 'Close' } as const;

export const methodNames: Record<string, string> = {
  google_pay: 'Google Pay',
  paytm: 'Paytm',
  phonepe: 'PhonePe',
  upi: 'UPI',
};
