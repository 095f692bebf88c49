/**
 * Home's closed-market popup (spec 02 section 4), part of `bidMessages`: a module of their own, so home's first
 * download leaves out the rest of the bid texts and the money rules they read.
 */
export const marketClosedMessages = {
  marketClosedTitle: 'Sorry!',
  marketClosedToday: 'Oops! Market is closed for today',
} as const;
