/**
 * Field rules shared by the server (authority) and the player app (speed and messages).
 * Each rule returns the first message that applies, or null; one error at a time, as the spec shows them.
 */
import { accountMessages as m } from './messages.ts';

export const PHONE_PATTERN = /^[6-9]\d{9}$/;
export const OTP_PATTERN = /^\d{4}$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const USERNAME_MAX = 40;

export type Rule = (value: string) => string | null;

export function phoneRule(required: string = m.phoneRequired, invalid: string = m.phoneInvalid): Rule {
  return (value) => {
    if (value.trim() === '') return required;
    return PHONE_PATTERN.test(value) ? null : invalid;
  };
}

export function requiredRule(message: string): Rule {
  return (value) => (value.trim() === '' ? message : null);
}

// A short list of the most guessed passwords; the full top-3,000 check is a later hardening step.
const COMMON_PASSWORDS = new Set([
  '12345678',
  '123456789',
  '1234567890',
  'password',
  'password1',
  'password123',
  'qwertyuiop',
  '11111111',
  '00000000',
  '87654321',
  'iloveyou',
  'abcd1234',
  'qwerty123',
  '1q2w3e4r',
  'abc12345',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'welcome1',
  'admin123',
  'letmein1',
  '88888888',
  '99999999',
  '12341234',
  '11223344',
  'asdfghjk',
  'zxcvbnm1',
  'matka123',
  'kalyan123',
]);

/** Rule for a password being chosen (registration, reset, change); login only checks presence. */
export function newPasswordRule(required: string = m.passwordRequired): Rule {
  return (value) => {
    if (value === '') return required;
    if (value.length < PASSWORD_MIN) return m.passwordTooShort;
    if (value.length > PASSWORD_MAX) return m.passwordTooLong;
    if (COMMON_PASSWORDS.has(value.toLowerCase())) return m.passwordTooCommon;
    return null;
  };
}

export const usernameRule: Rule = (value) => {
  if (value.trim() === '') return m.usernameRequired;
  return value.trim().length > USERNAME_MAX ? m.usernameTooLong : null;
};

export const profileNameRule: Rule = (value) => {
  if (value.trim() === '') return m.nameRequired;
  return value.trim().length > USERNAME_MAX ? m.usernameTooLong : null;
};

export const otpRule =
  (invalid: string): Rule =>
  (value) =>
    OTP_PATTERN.test(value) ? null : invalid;

/** Runs rules over named fields in order and returns the first failure. */
export function firstError(checks: ReadonlyArray<readonly [Rule, string]>): string | null {
  for (const [rule, value] of checks) {
    const error = rule(value);
    if (error !== null) return error;
  }
  return null;
}

export { CONTACT_PLACEHOLDER, contactNumber } from './contact-number.ts';
