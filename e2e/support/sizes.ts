/**
 * The two screens the suite drives: the phone every player test runs on (the config's default), and the
 * operator's desk. Shared by the config's projects and by the one-at-a-time projects that run a console test at
 * both sizes themselves (`atBothSizes` in console.ts).
 */
export const phoneSize = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 1,
  isMobile: true,
  hasTouch: true,
} as const;

export const deskSize = {
  viewport: { width: 1280, height: 800 },
  deviceScaleFactor: 1,
  isMobile: false,
  hasTouch: false,
} as const;
