/**
 * Request shapes of the account endpoints (legacy contract, spec 01 section 7,
 * plus the server-side code verification steps the old client lacked).
 * Every request body also carries `env_type` and `app_key` (see `legacyEnvelope`).
 */
import { z } from 'zod';
import { languages } from './languages.ts';
import { referralCodeField } from './referral-code.ts';
import { isIsoDate } from '../rules/dates.ts';
import { accountClosureMessages, accountMessages as m } from './messages.ts';
import { playMessages } from './play-messages.ts';
import { numberOrText } from './numbers.ts';
import {
  OTP_PATTERN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PHONE_PATTERN,
  USERNAME_MAX,
  newPasswordRule,
  phoneRule,
  usernameRule,
} from './validation.ts';

export const legacyEnvelope = z.object({
  env_type: z.string().max(20).optional(),
  app_key: z.string().max(200).optional(),
  unique_token: z.string().max(200).optional(),
});

/** A string that passes a shared rule; the rule's message becomes the zod issue message. */
function ruled(rule: (value: string) => string | null, missing: string) {
  return z
    .string({ error: missing })
    .max(PASSWORD_MAX * 2, { error: missing })
    .superRefine((value, ctx) => {
      const message = rule(value);
      if (message !== null) ctx.addIssue({ code: 'custom', message });
    });
}

const phone = (required: string = m.phoneRequired, invalid: string = m.phoneInvalid) =>
  ruled(phoneRule(required, invalid), required);
const otp = (invalid: string) => z.string({ error: invalid }).regex(OTP_PATTERN, { error: invalid });

export const otpPurposes = ['register', 'reset', 'withdraw_upi'] as const;
export type OtpPurpose = (typeof otpPurposes)[number];

/** The app's own name for the device, when it sends one: phone lookups are limited per device too. */
const deviceId = z.string().max(200).optional();

/**
 * The language the app shows (issue 17). A code asked for before sign-in is written in it; signing in or
 * registering with it makes it the player's language for later codes. Absent from legacy clients: English.
 */
export const languageField = z.enum(languages, { error: m.languageInvalid });
const language = languageField.optional();

export const loginRequest = z.object({
  mobile: phone(),
  password: z.string({ error: m.passwordRequired }).min(1, { error: m.passwordRequired }).max(PASSWORD_MAX),
  device_id: deviceId,
  language,
});

export const checkMobileRequest = z.object({
  mobile: phone(),
  device_id: deviceId,
  language,
  /** The referral code the registration will carry, checked here too so a wrong one is told before a code is sent. */
  referral_code: referralCodeField,
});

export const resendOtpRequest = z.object({
  mobile: phone(),
  purpose: z.enum(otpPurposes).default('register'),
  device_id: deviceId,
  language,
});

export const registerRequest = z.object({
  name: ruled(usernameRule, m.usernameRequired),
  mobile: phone(),
  password: ruled(newPasswordRule(), m.passwordRequired),
  otp: otp(m.enterValidOtp),
  /** Date of birth, `YYYY-MM-DD`; the server refuses anyone under 18 on the market time zone's today. */
  dob: z
    .string({ error: playMessages.ageRefused })
    .max(10, { error: playMessages.dobInvalid })
    .refine(isIsoDate, { error: playMessages.dobInvalid }),
  email: z.string().max(200).optional(),
  security_pin: z.string().max(20).optional(),
  device_id: deviceId,
  language,
  /** A referral code (typed, or carried from a share link); empty or absent for none. */
  referral_code: referralCodeField,
});

export const forgotCheckRequest = z.object({
  mobile: phone(m.forgotPhoneRequired, m.forgotPhoneInvalid),
  device_id: deviceId,
  language,
});

export const verifyForgotOtpRequest = z.object({
  mobile: phone(m.forgotPhoneRequired, m.forgotPhoneInvalid),
  otp: otp(m.invalidOtpReset),
});

export const forgotPasswordRequest = z.object({
  mobile: phone(m.forgotPhoneRequired, m.forgotPhoneInvalid),
  new_pass: ruled(newPasswordRule(m.newPasswordRequired), m.newPasswordRequired),
  reset_token: z.string({ error: m.resetExpired }).min(1, { error: m.resetExpired }).max(200),
});

export const changePasswordRequest = z.object({
  old_pass: z
    .string({ error: m.currentPasswordRequired })
    .min(1, { error: m.currentPasswordRequired })
    .max(PASSWORD_MAX),
  new_pass: ruled(newPasswordRule(m.newPasswordRequired), m.newPasswordRequired),
});

/** Only the name can change through the profile; anything else in the body is ignored (mass assignment). */
export const profileUpdateRequest = z.object({
  user_name: z
    .string({ error: m.nameRequired })
    .trim()
    .min(1, { error: m.nameRequired })
    .max(USERNAME_MAX, { error: m.usernameTooLong }),
});

/** `/api-user-language`: the language the player's SMS codes are written in from now on. */
export const languageRequest = z.object({ language: languageField });

export const headlineRequest = z.object({
  ids: z
    .array(numberOrText().pipe(z.coerce.number<string | number>().int().min(1).max(100)))
    .max(10)
    .default([1]),
});

export const passwordLimits = { min: PASSWORD_MIN, max: PASSWORD_MAX } as const;
export { PHONE_PATTERN };

/** `/api-delete-account`: the player's password, and their word that they understand it cannot be undone. */
export const deleteAccountRequest = z.object({
  password: z.string({ error: m.passwordRequired }).min(1, { error: m.passwordRequired }).max(PASSWORD_MAX),
  confirm: z.literal(true, { error: accountClosureMessages.confirmRequired }),
});
