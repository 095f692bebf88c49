/**
 * The referral code a player types at registration (decision 038): the field and its messages, beside the
 * account contract that takes it. The referral endpoints re-export both.
 */
import { z } from 'zod';

export const referralMessages = {
  unknownCode: 'This referral code is not valid. Check it, or register without one',
  notFound: 'No referral for this player',
  notHeld: (state: string) => `This referral reward is ${state}, not held for review`,
} as const;

/**
 * The code a player types or a link carries: spaces around it and lower case are forgiven; an empty field is
 * no code. Its shape is not checked here, so a wrong code of any shape gets the one message that says so.
 */
export const referralCodeField = z
  .string({ error: referralMessages.unknownCode })
  .trim()
  .max(40, { error: referralMessages.unknownCode })
  .transform((code) => code.toUpperCase())
  .optional();
