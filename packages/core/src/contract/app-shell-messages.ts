/** The player app's own states (not in the spec's tables; worded in the same voice). */
export const appShellMessages = {
  offline: 'You are offline',
  offlineDetail:
    'Balances, markets and bids need the internet. Gama updates by itself when you are back online.',
  updateReady: 'A new version of Gama is ready',
  updateAction: 'Update',
  theme: 'Theme',
  themeSystem: 'System',
  themeLight: 'Light',
  themeDark: 'Dark',
} as const;
