/**
 * The player app's referral screens (issue 31, item 3): the Refer friends screen, the registration field, and
 * the server's refusal a player can meet there (`endpoints/referrals`), word for word so `t.fromServer` finds it.
 */
export const referralUiTexts = [
  'Refer friends',
  'Your referral code',
  'Share link',
  'Copy link',
  'Copy code',
  'Link copied',
  'Code copied',
  'Could not copy. Select the link and copy it.',
  'Players you brought',
  'Rewards earned',
  'Points earned',
  'Waiting for review: {n}',
  'You get {points} points when a friend you invite has their first deposit approved.',
  'Your friend gets {points} points with their first approved deposit.',
  'Referrals are paused right now. Your code will work again when they reopen.',
  'Join me on Gama. Register with my referral code {code}.',
  'Referral code (optional)',
  'You were invited by a friend.',
  // The server's refusal (endpoints/referrals/index.ts referralMessages)
  'This referral code is not valid. Check it, or register without one',
] as const;
