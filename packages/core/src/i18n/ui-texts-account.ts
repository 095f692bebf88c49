/**
 * The player app's own labels for the shell (header, footer, side menu), sign-in and registration, home, account,
 * information pages, notifications and play limits, as the English screens show them. Kept apart from the games'
 * labels (`ui-texts-games.ts`) so the two halves of the app grow their catalogues without touching one file.
 */
export const accountUiTexts = [] as const;
