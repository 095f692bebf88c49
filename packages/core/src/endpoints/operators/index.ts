/**
 * Operators of the console: sign-in (with two-factor), one's own sessions and two-factor enrolment, and the
 * owner's management of operators (issue 14). The console keeps no token: sign-in sets an HttpOnly cookie
 * scoped to /admin-api, and a client that sends `X-Gama-Web: 1` gets no token in the body at all; API clients
 * without that header get `token` for `Authorization: Bearer`.
 */
import { z } from 'zod';
import { roles } from '../../operators/permissions.ts';
import { endpoint } from '../define.ts';

const ok = z.literal(true);
const domain = 'operators';

/** How long an operator session lives without a request. */
export const OPERATOR_IDLE_MINUTES = 30;

/** Why an operator is back at sign-in after sitting idle: the server's refusal and the console's own timer say it alike. */
export const idleMessage = (minutes: number) =>
  `Your session ended after ${minutes} minutes without activity. Sign in again.`;

export const loginMessages = {
  invalid: 'Username or password is incorrect',
  idle: idleMessage(OPERATOR_IDLE_MINUTES),
  disabled: 'This operator account is disabled. Ask an owner to enable it.',
  totpRequired: 'Enter the 6-digit code from your authenticator app',
  totpInvalid: 'The code is incorrect or has already been used. Wait for the next code and try again.',
  recoveryInvalid: 'Enter a recovery code as you saved it, such as k3m7q-x2p9a',
  recoveryRefused: 'This recovery code is not one of yours or has already been used',
} as const;

/** Operator passwords: longer than players' (an operator moves money). */
export const OPERATOR_PASSWORD_MIN = 10;
export const operatorPasswordMessage = `Operator passwords must be at least ${OPERATOR_PASSWORD_MIN} characters`;
export const operatorPassword = z
  .string({ error: operatorPasswordMessage })
  .min(OPERATOR_PASSWORD_MIN, { error: operatorPasswordMessage })
  .max(200, { error: 'Passwords are at most 200 characters' });

export const operatorUsername = z
  .string({ error: 'A username is required' })
  .trim()
  .regex(/^[A-Za-z0-9._-]{3,40}$/, {
    error: 'Usernames are 3 to 40 letters, digits, dots, dashes or underscores',
  });

export const roleSchema = z.enum(roles, { error: `role must be one of ${roles.join(', ')}` });

/** A six-digit code from an authenticator app. */
/** The signed-in operator's password, asked again before a change to how they sign in. */
const passwordAgain = z
  .string({ error: 'Enter your password' })
  .min(1, { error: 'Enter your password' })
  .max(200);

export const totpCode = z
  .string({ error: loginMessages.totpRequired })
  .trim()
  .regex(/^\d{6}$/, { error: loginMessages.totpRequired });
/** The same check as a form rule: the problem with a typed code, in the server's words, or null. */
export const totpCodeProblem = (value: string): string | null =>
  totpCode.safeParse(value).success ? null : loginMessages.totpRequired;

/** How many one-time recovery codes an enrolment hands out. */
export const RECOVERY_CODE_COUNT = 10;
/** A one-time recovery code as enrolment showed it: ten letters and digits in two groups (`k3m7q-x2p9a`). */
export const recoveryCode = z
  .string({ error: loginMessages.recoveryInvalid })
  .trim()
  .toLowerCase()
  .regex(/^[a-z2-7]{5}-[a-z2-7]{5}$/, { error: loginMessages.recoveryInvalid });

const isoTime = z.string().describe('ISO 8601 time');

/** The signed-in operator, as the console shows it. */
export const operatorSelf = z.strictObject({
  id: z.number().int(),
  username: z.string(),
  role: roleSchema,
  totp_enabled: z.boolean(),
});

/** An operator as the owner's list shows it. */
export const operatorRow = z.strictObject({
  id: z.number().int(),
  username: z.string(),
  role: roleSchema,
  disabled: z.boolean(),
  totp_enabled: z.boolean(),
  created_at: isoTime,
  /** The latest activity of any of their sessions; null if they never signed in. */
  last_seen_at: isoTime.nullable(),
  active_sessions: z.number().int(),
});

export const sessionRow = z.strictObject({
  id: z.number().int(),
  created_at: isoTime,
  last_seen_at: isoTime,
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** The session this request came with. */
  current: z.boolean(),
});

export const loginBody = z.object({
  username: z
    .string({ error: 'Enter your username' })
    .trim()
    .min(1, { error: 'Enter your username' })
    .max(100),
  password: z.string({ error: 'Enter your password' }).min(1, { error: 'Enter your password' }).max(200),
  /** Required once the operator has two-factor on, unless a recovery code stands in for it. */
  totp: totpCode.optional(),
  /** One of the operator's unused recovery codes, for a lost phone: each signs in once. */
  recovery_code: recoveryCode.optional(),
});

const signedIn = {
  operator: operatorSelf,
  /**
   * Two-factor is required (owner setting `totp_required`) and this operator has not enrolled: until
   * `totpConfirm` succeeds, only the routes marked `duringEnrolment` answer.
   */
  totp_enrolment_required: z.boolean(),
  /** A session ends after this long without a request. */
  idle_timeout_seconds: z.number().int(),
  /** The server's now (ISO 8601) and the market time zone: the console's clock reads these from the first paint. */
  server_time: z.string(),
  time_zone: z.string(),
};

export const loginAnswer = z.strictObject({
  status: ok,
  /** Only for clients without `X-Gama-Web: 1`; the console relies on the HttpOnly cookie. */
  token: z.string().optional(),
  ...signedIn,
});
export const meAnswer = z.strictObject({ status: ok, ...signedIn });
export const sessionsAnswer = z.strictObject({ status: ok, sessions: z.array(sessionRow) });
export const operatorsAnswer = z.strictObject({ status: ok, operators: z.array(operatorRow) });
export const operatorAnswer = z.strictObject({ status: ok, operator: operatorRow });

const idParams = z.object({
  id: z.coerce
    .number({ error: 'id must be a number' })
    .int({ error: 'id must be a whole number' })
    .positive({ error: 'id must be positive' })
    .max(Number.MAX_SAFE_INTEGER),
});

export const operatorsEndpoints = {
  operatorLogin: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/login',
    access: 'operator-login',
    summary:
      'Operator sign-in: username, password and (once enrolled) a two-factor code; sets the HttpOnly session cookie',
    body: loginBody,
    response: loginAnswer,
    errors: [
      'VALIDATION',
      'INVALID_CREDENTIALS',
      'TOTP_REQUIRED',
      'INVALID_OTP',
      'RATE_LIMITED',
      'OPERATOR_DISABLED',
    ],
  }),
  operatorLogout: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/logout',
    access: 'operator',
    permission: 'account.self',
    duringEnrolment: true,
    summary: 'Sign out: ends this session and clears the cookie',
    response: z.strictObject({ status: ok }),
    errors: [],
  }),
  operatorMe: endpoint({
    domain,
    method: 'GET',
    path: '/admin-api/me',
    access: 'operator',
    permission: 'account.self',
    duringEnrolment: true,
    summary: 'The signed-in operator, and whether two-factor enrolment is still required',
    response: meAnswer,
    errors: [],
  }),
  operatorSessions: endpoint({
    domain,
    method: 'GET',
    path: '/admin-api/sessions',
    access: 'operator',
    permission: 'account.self',
    summary: "The signed-in operator's own live sessions, newest first",
    response: sessionsAnswer,
    errors: [],
  }),
  operatorSessionEnd: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/sessions/:id/end',
    access: 'operator',
    permission: 'account.self',
    summary: "End one of one's own sessions (ending the current one signs out)",
    params: idParams,
    response: z.strictObject({ status: ok, current: z.boolean() }),
    errors: ['VALIDATION', 'NOT_FOUND'],
  }),
  operatorSessionsEndOthers: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/sessions/end-others',
    access: 'operator',
    permission: 'account.self',
    summary: "End every session of one's own except this one",
    response: z.strictObject({ status: ok, ended: z.number().int() }),
    errors: [],
  }),
  totpEnrol: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/totp/enrol',
    access: 'operator',
    permission: 'account.self',
    duringEnrolment: true,
    summary:
      'Start two-factor enrolment with the password again: a new secret as an otpauth URI, a QR code (PNG data URL) and base32 text',
    body: z.object({ password: passwordAgain }),
    response: z.strictObject({
      status: ok,
      otpauth_uri: z.string(),
      /** `data:image/png;base64,…`, rendered by the server (no third-party host). */
      qr_image: z.string(),
      /** For typing into an app by hand; never shown again once confirmed. */
      secret: z.string(),
    }),
    errors: ['INVALID_CREDENTIALS', 'RATE_LIMITED', 'TOTP_ALREADY_ON'],
  }),
  totpConfirm: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/totp/confirm',
    access: 'operator',
    permission: 'account.self',
    duringEnrolment: true,
    summary: 'Finish enrolment with a current code: two-factor is on from now',
    body: z.object({ code: totpCode }),
    response: z.strictObject({
      status: ok,
      operator: operatorSelf,
      /** Shown this once: each signs in one time without the phone. Only their hashes are kept. */
      recovery_codes: z.array(z.string()),
    }),
    errors: ['VALIDATION', 'INVALID_OTP', 'RATE_LIMITED', 'TOTP_NOT_STARTED'],
  }),
  totpDisable: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/totp/disable',
    access: 'operator',
    permission: 'account.self',
    summary: "Turn one's own two-factor off with the password and a current code (refused while required)",
    body: z.object({
      password: passwordAgain,
      code: totpCode,
    }),
    response: z.strictObject({ status: ok, operator: operatorSelf }),
    errors: [
      'VALIDATION',
      'INVALID_CREDENTIALS',
      'INVALID_OTP',
      'RATE_LIMITED',
      'TOTP_NOT_ON',
      'TOTP_MANDATORY',
    ],
  }),
  operatorsList: endpoint({
    domain,
    method: 'GET',
    path: '/admin-api/operators',
    access: 'operator',
    permission: 'operators.manage',
    summary: 'Every operator with role, state and two-factor',
    response: operatorsAnswer,
    errors: [],
  }),
  operatorCreate: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/operators',
    access: 'operator',
    permission: 'operators.manage',
    summary: 'Create an operator with a role and a first password',
    body: z.object({ username: operatorUsername, password: operatorPassword, role: roleSchema }),
    response: operatorAnswer,
    errors: ['VALIDATION', 'OPERATOR_NAME_TAKEN'],
  }),
  operatorDisable: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/operators/:id/disable',
    access: 'operator',
    permission: 'operators.manage',
    summary: 'Disable an operator: every session of theirs ends and they cannot sign in',
    params: idParams,
    response: operatorAnswer,
    errors: ['VALIDATION', 'NOT_FOUND', 'LAST_OWNER', 'OWN_DISABLE'],
  }),
  operatorEnable: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/operators/:id/enable',
    access: 'operator',
    permission: 'operators.manage',
    summary: 'Enable a disabled operator again',
    params: idParams,
    response: operatorAnswer,
    errors: ['VALIDATION', 'NOT_FOUND'],
  }),
  operatorRole: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/operators/:id/role',
    access: 'operator',
    permission: 'operators.manage',
    summary: "Change an operator's role (the last enabled owner stays an owner)",
    params: idParams,
    body: z.object({ role: roleSchema }),
    response: operatorAnswer,
    errors: ['VALIDATION', 'NOT_FOUND', 'LAST_OWNER', 'OWN_ROLE'],
  }),
  operatorResetPassword: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/operators/:id/reset-password',
    access: 'operator',
    permission: 'operators.manage',
    summary: 'Set a new password for an operator; every session of theirs ends',
    params: idParams,
    body: z.object({ password: operatorPassword }),
    response: operatorAnswer,
    errors: ['VALIDATION', 'NOT_FOUND'],
  }),
  operatorResetTotp: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/operators/:id/reset-totp',
    access: 'operator',
    permission: 'operators.manage',
    summary: "Turn another operator's two-factor off (a lost phone); every session of theirs ends",
    params: idParams,
    response: operatorAnswer,
    errors: ['VALIDATION', 'NOT_FOUND', 'OWN_TOTP_RESET'],
  }),
};

export type OperatorSelf = z.output<typeof operatorSelf>;
export type OperatorRow = z.output<typeof operatorRow>;
