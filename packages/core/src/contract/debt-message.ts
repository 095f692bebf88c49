/**
 * The debt banner's text (game-rules D7), part of `fundsMessages`: a module of its own, because the signed-in
 * frame shows it on every screen and its first download leaves out the rest of the money texts.
 */
export const debtBlocked = (amount: string) =>
  `Your account owes ${amount} points after a result correction. Add funds to clear it before you bid, withdraw or transfer.`;
