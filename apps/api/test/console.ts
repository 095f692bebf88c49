/** Helpers for the operator console's tests: operators, sign-in as the console does (cookie) or as an API client. */
import type { Role } from '@gama/core/operators/permissions';
import { generate } from 'otplib';
import { expect } from 'vitest';
import { createOperator } from '../src/modules/operators/accounts.ts';
import type { TestApp } from './helpers.ts';

export const PASSWORD = 'operator-pass-1';

let count = 0;

export interface Caller {
  /** `Authorization: Bearer` token (API clients). */
  token?: string;
  /** The `gama_op` cookie value (the console). */
  cookie?: string;
  ip?: string;
  userAgent?: string;
  headers?: Record<string, string>;
}

export interface Answer<T> {
  statusCode: number;
  json: T;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

export type Json = Record<string, unknown> & { status: boolean; code?: string; msg?: string };

export async function call<T = Json>(
  t: TestApp,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  caller: Caller = {},
  payload?: Record<string, unknown>,
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...caller.headers };
  if (caller.token !== undefined) headers.authorization = `Bearer ${caller.token}`;
  if (caller.cookie !== undefined) headers.cookie = `gama_op=${caller.cookie}`;
  if (caller.userAgent !== undefined) headers['user-agent'] = caller.userAgent;
  const res = await t.app.inject({
    method,
    url,
    headers,
    ...(payload !== undefined ? { payload } : {}),
    ...(caller.ip !== undefined ? { remoteAddress: caller.ip } : {}),
  });
  let json: unknown;
  try {
    json = res.json();
  } catch {
    json = null;
  }
  return { statusCode: res.statusCode, json: json as T, headers: res.headers, body: res.body };
}

export async function newOperator(
  t: TestApp,
  role: Role = 'owner',
  password = PASSWORD,
): Promise<{ id: number; username: string; password: string }> {
  count += 1;
  const username = `console${count}_${role}`;
  const id = await createOperator(t.db, { username, password, role, now: t.clock.now() });
  return { id, username, password };
}

/** The value of the `gama_op` cookie an answer sets, if any. */
export function sessionCookie(answer: Answer<unknown>): string | undefined {
  const raw = answer.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [String(raw)];
  const line = list.find((c) => c.startsWith('gama_op='));
  return line?.slice('gama_op='.length).split(';')[0];
}

/** Signs in as an API client (token in the body) and answers the token. */
export async function signIn(
  t: TestApp,
  who: { username: string; password: string },
  extra: Record<string, unknown> = {},
  caller: Caller = {},
): Promise<string> {
  const res = await call<Json & { token: string }>(t, 'POST', '/admin-api/login', caller, {
    username: who.username,
    password: who.password,
    ...extra,
  });
  if (res.statusCode !== 200) throw new Error(`operator login failed: ${res.body}`);
  return res.json.token;
}

/** The code an authenticator app shows for `secret` at the test clock's time (plus `steps` steps). */
export function codeAt(t: TestApp, secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) + steps * 30 });
}

/** An audit row as the console's tests read it. */
export interface AuditRow {
  operator_id: number | null;
  username: string | null;
  action: string;
  target_id: string | null;
  ip: string | null;
  user_agent: string | null;
  before_state: unknown;
  after_state: unknown;
  detail: Record<string, unknown>;
}

export async function auditRowsOf(t: TestApp, action: string): Promise<AuditRow[]> {
  const { rows } = await t.db.query<AuditRow>(
    `SELECT operator_id, username, action, target_id, ip, user_agent, before_state, after_state, detail
       FROM audit_log WHERE action = $1 ORDER BY id`,
    [action],
  );
  return rows;
}

/** What the audit log says was done to one target (a deposit request, a withdrawal), oldest first. */
export async function auditOfTarget(
  t: TestApp,
  targetType: string,
  targetId: number,
): Promise<Array<Record<string, unknown>>> {
  const { rows } = await t.db.query<Record<string, unknown>>(
    `SELECT action, player_id, before_state, after_state, detail FROM audit_log
      WHERE target_type = $1 AND target_id = $2 ORDER BY id`,
    [targetType, String(targetId)],
  );
  return rows;
}

/** A settings change the audit records: the Gali single-digit cap set to `points`, expected to be accepted. */
export async function setGaliDigitCap(t: TestApp, token: string, points: number): Promise<void> {
  const caps = await call(
    t,
    'PATCH',
    '/admin-api/caps',
    { token },
    { group: 'gali', caps: { single_digit: points } },
  );
  expect(caps.statusCode).toBe(200);
}
