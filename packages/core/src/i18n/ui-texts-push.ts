/** The notifications screen's push section (issue 31, item 1): alerts on this phone, and which kinds. */
export const pushUiTexts = [
  'Alerts on this phone',
  'Get an alert on this phone when a result is declared on a market you bid on, when money moves, or when support replies, even with the app closed.',
  'Turn on alerts',
  'Turn off alerts on this phone',
  'Alerts are on for this phone.',
  'Results of markets you bid on',
  'Deposits and withdrawals',
  'Support replies',
  // The operator's notices (decision 037): the player's switch for their pushes, and the link of a notice.
  'Offers and notices from Gama',
  'See more',
  'This browser cannot show alerts. Add Gama to your home screen and open it from there.',
  'Alerts are blocked for Gama. Allow notifications for this site in your browser settings, then come back.',
  'Could not turn on alerts. Please try again.',
  'Alert settings saved',
] as const;
