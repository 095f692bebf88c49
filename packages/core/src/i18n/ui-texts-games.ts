/**
 * The player app's own labels for the game screens (main markets, Starline, Gali Disawar, rates, charts), funds
 * (add, withdraw, transfer) and the histories, as the English screens show them.
 */
export const gamesUiTexts = [] as const;
