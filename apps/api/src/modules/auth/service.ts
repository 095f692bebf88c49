/** Account flows: register, login, logout, forgot/reset, change password, profile name. */
import { accountMessages as m } from '@gama/core/contract/messages';
import { playMessages } from '@gama/core/contract/play-messages';
import { isOldEnough } from '@gama/core/rules/responsible-play';
import { zonedParts } from '@gama/core/rules/time';
import type { OtpPurpose } from '@gama/core/contract/accounts';
import type { Language } from '@gama/core/contract/languages';
import type { Deps } from '../../deps.ts';
import { pgCode } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { getSetting } from '../content/settings.ts';
import {
  findPlayerById,
  findPlayerByMobile,
  insertPlayer,
  updateLanguage,
  updatePassword,
  updateUserName,
} from './player-accounts.ts';
import { adoptClosedAccounts } from '../ledger/debt.ts';
import { recordReferral, referrerForRegistration } from '../referrals/registration.ts';
import { phoneMac, refuseWhileClosedAccountBreakRuns } from './closed-breaks.ts';
import type { CodeTarget, VerifyOutcome } from './otp.ts';
import { consumeTicket, issueCode, issueTicket, latestBoundValue, verifyCode } from './otp.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.ts';
import { announcePlayerChange, createSession, revokeAllSessions } from './sessions.ts';
import { playerLoginPolicy, reserveLoginAttempt, trustSource } from './throttle.ts';

export interface ClientMeta {
  ip: string;
  userAgent: string | undefined;
  /** The device id the app names itself by at sign-in and registration; kept with the session (risk links). */
  deviceId?: string | undefined;
}

export interface SignedIn {
  token: string;
  userName: string;
  mobile: string;
  bettingStatus: '0' | '1';
}

function otpFailure(outcome: Exclude<VerifyOutcome, 'ok'>, invalidMessage: string): AppError {
  if (outcome === 'expired') return new AppError('OTP_EXPIRED', m.otpExpired);
  return new AppError('INVALID_OTP', invalidMessage);
}

export async function startRegistration(
  deps: Deps,
  mobile: string,
  meta: ClientMeta,
  language?: Language,
  referralCode?: string,
): Promise<void> {
  if (await findPlayerByMobile(deps.db, mobile))
    throw new AppError('USER_ALREADY_REGISTERED', m.userAlreadyRegistered);
  await refuseWhileClosedAccountBreakRuns(deps, mobile);
  // Told now, before a code is sent; registration checks it again (the owner may switch referrals meanwhile).
  await referrerForRegistration(deps.db, referralCode);
  await issueCode(deps, { mobile, purpose: 'register' }, meta.ip, language);
}

export async function resendCode(
  deps: Deps,
  mobile: string,
  purpose: OtpPurpose,
  meta: ClientMeta,
  sessionMobile?: string,
  language?: Language,
): Promise<void> {
  const target: CodeTarget = { mobile, purpose };
  if (purpose === 'register') {
    if (await findPlayerByMobile(deps.db, mobile))
      throw new AppError('USER_ALREADY_REGISTERED', m.userAlreadyRegistered);
    await refuseWhileClosedAccountBreakRuns(deps, mobile);
  } else if (purpose === 'reset') {
    if (!(await findPlayerByMobile(deps.db, mobile))) throw new AppError('NOT_FOUND', m.userNotRegistered);
  } else {
    // A withdraw-number code only ever goes to the session's own phone, for the number it was first asked for.
    if (!sessionMobile || sessionMobile !== mobile) throw new AppError('UNAUTHENTICATED', m.sessionExpired);
    const bound = await latestBoundValue(deps.db, mobile, purpose);
    if (bound === null) throw new AppError('OTP_NAVIGATION_INVALID', m.invalidNavigation);
    target.boundValue = bound;
  }
  await issueCode(deps, target, meta.ip, language);
}

export async function register(
  deps: Deps,
  input: {
    name: string;
    mobile: string;
    password: string;
    otp: string;
    dob: string;
    language?: Language | undefined;
    referral_code?: string | undefined;
  },
  meta: ClientMeta,
): Promise<SignedIn> {
  const { db, clock } = deps;
  // First, so an under-age sign-up spends no code and creates nothing.
  if (!isOldEnough(input.dob, zonedParts(clock.now(), deps.config.MARKET_TIME_ZONE).date)) {
    throw new AppError('AGE_REFUSED', playMessages.ageRefused);
  }
  if (await findPlayerByMobile(db, input.mobile))
    throw new AppError('USER_ALREADY_REGISTERED', m.userAlreadyRegistered);
  // Before the code is checked, so the refusal spends none.
  await refuseWhileClosedAccountBreakRuns(deps, input.mobile);
  // Before the code is checked too: a mistyped referral code costs the player no code.
  const referrerId = await referrerForRegistration(db, input.referral_code);
  const outcome = await verifyCode(deps, { mobile: input.mobile, purpose: 'register' }, input.otp);
  if (outcome !== 'ok') throw otpFailure(outcome, m.enterValidOtp);
  const passwordHash = await hashPassword(input.password);
  const bettingStatus = await getSetting(db, 'default_betting_status');
  const userName = input.name.trim();
  try {
    return await db.transaction(async (tx) => {
      const id = await insertPlayer(tx, {
        userName,
        mobile: input.mobile,
        passwordHash,
        bettingStatus,
        dob: input.dob,
        language: input.language ?? 'en',
        now: clock.now(),
      });
      // A debt left on a closed account of this phone comes with it (the debt banner tells the player).
      await adoptClosedAccounts(tx, id, phoneMac(deps.pepper, input.mobile), clock.now());
      if (referrerId !== undefined)
        await recordReferral(tx, { referrerId, referredId: id, now: clock.now() });
      const token = await createSession(tx, clock, id, meta);
      return { token, userName, mobile: input.mobile, bettingStatus };
    });
  } catch (error) {
    if (pgCode(error) === '23505') throw new AppError('USER_ALREADY_REGISTERED', m.userAlreadyRegistered);
    throw error;
  }
}

export async function login(
  deps: Deps,
  input: { mobile: string; password: string; language?: Language | undefined },
  meta: ClientMeta,
): Promise<SignedIn> {
  const { db, clock } = deps;
  // Counted as a failure from here on unless it succeeds.
  const attempt = await reserveLoginAttempt(db, clock, playerLoginPolicy, input.mobile, meta.ip);
  const player = await findPlayerByMobile(db, input.mobile);
  if (!player) {
    await burnPasswordCheck(input.password);
    throw new AppError('INVALID_CREDENTIALS', m.userNotRegistered);
  }
  if (!(await verifyPassword(player.password_hash, input.password))) {
    throw new AppError('INVALID_CREDENTIALS', m.wrongPassword);
  }
  await attempt.succeeded();
  // Told only after the password matched, so the phone number alone does not reveal a blocked account.
  if (player.blocked) throw new AppError('ACCOUNT_BLOCKED', m.accountBlocked);
  // The app signs in in the language it shows: the player's codes follow it from now on.
  if (input.language) await updateLanguage(db, player.id, input.language);
  const token = await createSession(db, clock, player.id, meta);
  return { token, userName: player.user_name, mobile: player.mobile, bettingStatus: player.betting_status };
}

export async function startPasswordReset(
  deps: Deps,
  mobile: string,
  meta: ClientMeta,
  language?: Language,
): Promise<void> {
  if (!(await findPlayerByMobile(deps.db, mobile))) throw new AppError('NOT_FOUND', m.userNotRegistered);
  await issueCode(deps, { mobile, purpose: 'reset' }, meta.ip, language);
}

/** A correct reset code is exchanged for a single-use ticket; the code alone cannot change a password. */
export async function verifyResetCode(deps: Deps, mobile: string, code: string): Promise<string> {
  const outcome = await verifyCode(deps, { mobile, purpose: 'reset' }, code);
  if (outcome !== 'ok') throw otpFailure(outcome, m.invalidOtpReset);
  return issueTicket(deps, { mobile, purpose: 'reset' });
}

export async function resetPassword(
  deps: Deps,
  input: { mobile: string; newPassword: string; ticket: string },
  meta: ClientMeta,
): Promise<void> {
  const { db, clock } = deps;
  const passwordHash = await hashPassword(input.newPassword);
  const playerId = await db.transaction(async (tx) => {
    const player = await findPlayerByMobile(tx, input.mobile);
    const now = clock.now();
    if (
      !player ||
      !(await consumeTicket(tx, now, { mobile: input.mobile, purpose: 'reset' }, input.ticket))
    ) {
      throw new AppError('RESET_EXPIRED', m.resetExpired);
    }
    await updatePassword(tx, player.id, passwordHash, now);
    await revokeAllSessions(tx, clock, player.id);
    // The code proved the phone: this address signs in now, whatever a stranger's guesses left counted.
    await trustSource(tx, clock, playerLoginPolicy, input.mobile, meta.ip);
    return player.id;
  });
  deps.sessions.forgetPlayer(playerId);
}

/** Checks the current password, sets the new one, ends every session and opens a fresh one. */
export async function changePassword(
  deps: Deps,
  playerId: number,
  input: { oldPassword: string; newPassword: string },
  meta: ClientMeta,
): Promise<string> {
  const { db, clock } = deps;
  const player = await findPlayerById(db, playerId);
  if (!player) throw new AppError('UNAUTHENTICATED', m.sessionExpired);
  if (!(await verifyPassword(player.password_hash, input.oldPassword))) {
    throw new AppError('OLD_PASSWORD_MISMATCH', m.oldPasswordMismatch);
  }
  const passwordHash = await hashPassword(input.newPassword);
  const token = await db.transaction(async (tx) => {
    await updatePassword(tx, playerId, passwordHash, clock.now());
    await revokeAllSessions(tx, clock, playerId);
    return createSession(tx, clock, playerId, meta);
  });
  deps.sessions.forgetPlayer(playerId);
  return token;
}

export async function renamePlayer(deps: Deps, playerId: number, userName: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await updateUserName(tx, playerId, userName);
    await announcePlayerChange(tx, playerId);
  });
  deps.sessions.forgetPlayer(playerId);
}
