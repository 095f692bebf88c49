import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { createTestApp, snapshot, suiteApp } from '../../../test/helpers.ts';
import type { Json } from '../../../test/console.ts';
import type { Queryable } from '../../db/database.ts';
import { auditRowsOf, call, newOperator, signIn } from '../../../test/console.ts';
import { audit } from '../audit/writer.ts';
import { changeRole, disableOperator, lastOwnerMessage } from './accounts.ts';
import { createOperatorSession } from './sessions.ts';
import { loginMessages } from '@gama/core/endpoints/operators/index';

let owner: { id: number; username: string; password: string };
let ownerToken: string;
const t = suiteApp({}, async () => {
  owner = await newOperator(t, 'owner');
  ownerToken = await signIn(t, owner);
});

type OperatorJson = Json & {
  operator: {
    id: number;
    username: string;
    role: string;
    disabled: boolean;
    totp_enabled: boolean;
    active_sessions: number;
  };
};

const TABLES = ['operators', 'operator_sessions'];

/**
 * Runs `first` in a transaction and holds it open there, locks and all, until `release`; then `then`, and the
 * commit. `holding` settles once `first` is done (or with its failure, so a broken step fails the test at once).
 */
function holdOpen(
  app: TestApp,
  first: (tx: Queryable) => Promise<unknown>,
  then: (tx: Queryable) => Promise<unknown> = async () => undefined,
) {
  let held: () => void = () => undefined;
  let release: () => void = () => undefined;
  const holding = new Promise<void>((resolve) => (held = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const done = app.db.transaction(async (tx) => {
    await first(tx);
    held();
    await released;
    await then(tx);
  });
  return { holding: Promise.race([holding, done]), release, done };
}

async function create(username: string, role: string, password = 'a-long-password'): Promise<number> {
  const res = await call<OperatorJson>(
    t,
    'POST',
    '/admin-api/operators',
    { token: ownerToken },
    {
      username,
      password,
      role,
    },
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json.operator.id;
}

describe('operator management', () => {
  it('creates operators with a role, and refuses short passwords, bad names and duplicates', async () => {
    const res = await call<OperatorJson>(
      t,
      'POST',
      '/admin-api/operators',
      { token: ownerToken },
      {
        username: 'ravi.cashier',
        password: 'ten-chars!',
        role: 'cashier',
      },
    );
    expect(res.json).toEqual({
      status: true,
      operator: {
        id: expect.any(Number),
        username: 'ravi.cashier',
        role: 'cashier',
        disabled: false,
        totp_enabled: false,
        created_at: t.clock.now().toISOString(),
        last_seen_at: null,
        active_sessions: 0,
      },
    });
    const token = await signIn(t, { username: 'ravi.cashier', password: 'ten-chars!' });
    expect((await call(t, 'GET', '/admin-api/me', { token })).json.operator).toMatchObject({
      role: 'cashier',
    });
    expect((await auditRowsOf(t, 'operator_create')).at(-1)).toMatchObject({
      operator_id: owner.id,
      target_id: String(res.json.operator.id),
      before_state: null,
      after_state: { username: 'ravi.cashier', role: 'cashier', disabled: false },
    });

    const before = await snapshot(t.db, TABLES);
    const refusals: [Record<string, unknown>, number, string][] = [
      [
        { username: 'short.pass', password: 'nine-char', role: 'viewer' },
        400,
        'Operator passwords must be at least 10 characters',
      ],
      [
        { username: 'no spaces', password: 'a-long-password', role: 'viewer' },
        400,
        'Usernames are 3 to 40 letters, digits, dots, dashes or underscores',
      ],
      [
        { username: 'new.boss', password: 'a-long-password', role: 'admin' },
        400,
        'role must be one of owner, results, cashier, support, viewer',
      ],
      [
        { username: 'ravi.cashier', password: 'a-long-password', role: 'viewer' },
        409,
        'An operator with this username already exists',
      ],
    ];
    for (const [body, status, msg] of refusals) {
      const refused = await call(t, 'POST', '/admin-api/operators', { token: ownerToken }, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(status);
      expect(refused.json.msg).toBe(msg);
    }
    expect(await snapshot(t.db, TABLES)).toEqual(before);
  });

  it('is for owners only: every other role gets 403 and changes nothing', async () => {
    const target = await create('target.one', 'viewer');
    const before = await snapshot(t.db, ['operators']);
    for (const role of ['results', 'cashier', 'support', 'viewer'] as const) {
      const token = await signIn(t, await newOperator(t, role));
      const beforeRole = await snapshot(t.db, ['operators']);
      const attempts = [
        call(t, 'GET', '/admin-api/operators', { token }),
        call(
          t,
          'POST',
          '/admin-api/operators',
          { token },
          { username: 'sneaky', password: 'a-long-password', role: 'owner' },
        ),
        call(t, 'POST', `/admin-api/operators/${target}/disable`, { token }),
        call(t, 'POST', `/admin-api/operators/${target}/enable`, { token }),
        call(t, 'POST', `/admin-api/operators/${target}/role`, { token }, { role: 'owner' }),
        call(
          t,
          'POST',
          `/admin-api/operators/${target}/reset-password`,
          { token },
          { password: 'a-long-password' },
        ),
        call(t, 'POST', `/admin-api/operators/${target}/reset-totp`, { token }),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.statusCode).toBe(403);
        expect(res.json.msg).toBe('You do not have permission to manage operators');
      }
      expect(await snapshot(t.db, ['operators'])).toEqual(beforeRole);
    }
    expect((await snapshot(t.db, ['operators'])).operators).toHaveLength((before.operators?.length ?? 0) + 4);
  });

  it('lists every operator with role, state, two-factor and live sessions', async () => {
    const res = await call<Json & { operators: { id: number; username: string; active_sessions: number }[] }>(
      t,
      'GET',
      '/admin-api/operators',
      { token: ownerToken },
    );
    expect(res.json.operators.find((o) => o.id === owner.id)).toMatchObject({
      username: owner.username,
      active_sessions: 1,
    });
    expect(res.json.operators.map((o) => o.id)).toEqual(
      [...res.json.operators.map((o) => o.id)].sort((a, b) => a - b),
    );
  });

  it('disables an operator: their sessions end and they cannot sign in until enabled again', async () => {
    const id = await create('dev.support', 'support');
    const a = await signIn(t, { username: 'dev.support', password: 'a-long-password' });
    const b = await signIn(t, { username: 'dev.support', password: 'a-long-password' });
    const res = await call<OperatorJson>(t, 'POST', `/admin-api/operators/${id}/disable`, {
      token: ownerToken,
    });
    expect(res.json.operator).toMatchObject({ id, disabled: true, active_sessions: 0 });
    for (const token of [a, b])
      expect((await call(t, 'GET', '/admin-api/me', { token })).statusCode).toBe(401);
    const login = await call(
      t,
      'POST',
      '/admin-api/login',
      {},
      { username: 'dev.support', password: 'a-long-password' },
    );
    expect(login.statusCode).toBe(403);
    expect(login.json.msg).toBe(loginMessages.disabled);
    // A wrong password still answers the usual message: a disabled account says nothing more to a guesser.
    const guess = await call(
      t,
      'POST',
      '/admin-api/login',
      {},
      { username: 'dev.support', password: 'wrong-one-1' },
    );
    expect(guess.json.msg).toBe('Username or password is incorrect');
    expect((await auditRowsOf(t, 'operator_disable')).at(-1)).toMatchObject({
      before_state: { disabled: false, active_sessions: 2 },
      after_state: { disabled: true, active_sessions: 0 },
    });

    const enabled = await call<OperatorJson>(t, 'POST', `/admin-api/operators/${id}/enable`, {
      token: ownerToken,
    });
    expect(enabled.json.operator.disabled).toBe(false);
    expect(
      (
        await call(
          t,
          'POST',
          '/admin-api/login',
          {},
          { username: 'dev.support', password: 'a-long-password' },
        )
      ).statusCode,
    ).toBe(200);
  });

  it('changes roles; the change applies to live sessions at once', async () => {
    const id = await create('role.change', 'viewer');
    const token = await signIn(t, { username: 'role.change', password: 'a-long-password' });
    expect((await call(t, 'GET', '/admin-api/deposits', { token })).statusCode).toBe(200);
    const res = await call<OperatorJson>(
      t,
      'POST',
      `/admin-api/operators/${id}/role`,
      { token: ownerToken },
      {
        role: 'results',
      },
    );
    expect(res.json.operator.role).toBe('results');
    const denied = await call(t, 'GET', '/admin-api/deposits', { token });
    expect(denied.statusCode).toBe(403);
    expect(denied.json.msg).toBe('You do not have permission to read deposits');
    expect((await auditRowsOf(t, 'operator_role')).at(-1)).toMatchObject({
      before_state: { role: 'viewer' },
      after_state: { role: 'results' },
    });
  });

  it('resets a password: the old one stops working and every session of theirs ends', async () => {
    const id = await create('pw.reset', 'cashier');
    const token = await signIn(t, { username: 'pw.reset', password: 'a-long-password' });
    const before = await snapshot(t.db, TABLES);
    const short = await call(
      t,
      'POST',
      `/admin-api/operators/${id}/reset-password`,
      { token: ownerToken },
      {
        password: 'short',
      },
    );
    expect(short.json).toEqual({
      status: false,
      code: 'VALIDATION',
      msg: 'Operator passwords must be at least 10 characters',
    });
    expect(await snapshot(t.db, TABLES)).toEqual(before);
    const res = await call(
      t,
      'POST',
      `/admin-api/operators/${id}/reset-password`,
      { token: ownerToken },
      {
        password: 'brand-new-password',
      },
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('brand-new-password');
    expect((await call(t, 'GET', '/admin-api/me', { token })).statusCode).toBe(401);
    const old = await call(
      t,
      'POST',
      '/admin-api/login',
      {},
      { username: 'pw.reset', password: 'a-long-password' },
    );
    expect(old.json.code).toBe('INVALID_CREDENTIALS');
    await signIn(t, { username: 'pw.reset', password: 'brand-new-password' });
    const rows = await auditRowsOf(t, 'operator_reset_password');
    expect(JSON.stringify(rows)).not.toContain('brand-new-password');
  });

  it('answers 404 for an operator that does not exist, changing nothing', async () => {
    const before = await snapshot(t.db, TABLES);
    for (const action of ['disable', 'enable', 'reset-totp']) {
      const res = await call(t, 'POST', `/admin-api/operators/999999/${action}`, { token: ownerToken });
      expect(res.statusCode).toBe(404);
      expect(res.json.msg).toBe('Operator not found');
    }
    expect(await snapshot(t.db, TABLES)).toEqual(before);
  });
});

describe('the last enabled owner', () => {
  it('cannot be disabled or demoted, and an owner cannot disable or demote themselves', async () => {
    const solo = await createTestApp();
    try {
      const boss = await newOperator(solo, 'owner');
      const token = await signIn(solo, boss);
      const other = await newOperator(solo, 'owner');
      // The other owner is disabled: `boss` is the last enabled one.
      const off = await call(solo, 'POST', `/admin-api/operators/${other.id}/disable`, { token });
      expect(off.statusCode).toBe(200);
      const before = await snapshot(solo.db, TABLES);
      const demote = await call(
        solo,
        'POST',
        `/admin-api/operators/${boss.id}/role`,
        { token },
        { role: 'viewer' },
      );
      expect(demote.statusCode).toBe(409);
      expect(demote.json).toEqual({ status: false, code: 'LAST_OWNER', msg: lastOwnerMessage });
      const disable = await call(solo, 'POST', `/admin-api/operators/${boss.id}/disable`, { token });
      expect(disable.json.msg).toBe(lastOwnerMessage);
      expect(await snapshot(solo.db, TABLES)).toEqual(before);
      expect((await auditRowsOf(solo, 'operator_role_refused')).at(-1)?.detail).toEqual({
        code: 'LAST_OWNER',
        msg: lastOwnerMessage,
      });

      // With another owner enabled again, an owner still cannot demote or disable themselves.
      await call(solo, 'POST', `/admin-api/operators/${other.id}/enable`, { token });
      const beforeSelf = await snapshot(solo.db, TABLES);
      const self = await call(
        solo,
        'POST',
        `/admin-api/operators/${boss.id}/role`,
        { token },
        { role: 'viewer' },
      );
      expect(self.json.msg).toBe('You cannot change your own role; ask another owner');
      const selfOff = await call(solo, 'POST', `/admin-api/operators/${boss.id}/disable`, { token });
      expect(selfOff.json.msg).toBe('You cannot disable your own account; ask another owner');
      expect(await snapshot(solo.db, TABLES)).toEqual(beforeSelf);
    } finally {
      await solo.close();
    }
  });

  const activeOwners = async (app: TestApp) => {
    const { rows } = await app.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM operators WHERE role = 'owner' AND disabled_at IS NULL`,
    );
    return rows[0]?.n;
  };

  it('survives two owners demoting each other at the same moment: exactly one change passes', async () => {
    const duo = await createTestApp();
    try {
      const a = await newOperator(duo, 'owner');
      const b = await newOperator(duo, 'owner');
      const tokenA = await signIn(duo, a);
      const tokenB = await signIn(duo, b);
      const [demoteB, demoteA] = await Promise.all([
        call(duo, 'POST', `/admin-api/operators/${b.id}/role`, { token: tokenA }, { role: 'viewer' }),
        call(duo, 'POST', `/admin-api/operators/${a.id}/role`, { token: tokenB }, { role: 'viewer' }),
      ]);
      const answers = [demoteB, demoteA];
      // The loser either finds itself no longer an owner (403) or meets the last owner rule (409).
      expect(answers.filter((x) => x.statusCode === 200)).toHaveLength(1);
      for (const x of answers.filter((y) => y.statusCode !== 200)) expect([403, 409]).toContain(x.statusCode);
      expect(await activeOwners(duo)).toBe(1);

      // The same for disabling: with two owners, disabling both at once leaves one.
      const c = await newOperator(duo, 'owner');
      const remaining = demoteB.statusCode === 200 ? { op: a, token: tokenA } : { op: b, token: tokenB };
      const tokenC = await signIn(duo, c);
      const [offC, offRemaining] = await Promise.all([
        call(duo, 'POST', `/admin-api/operators/${c.id}/disable`, { token: remaining.token }),
        call(duo, 'POST', `/admin-api/operators/${remaining.op.id}/disable`, { token: tokenC }),
      ]);
      const statuses = [offC.statusCode, offRemaining.statusCode];
      // The second change either finds its caller disabled (401) or the last owner rule (409).
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(await activeOwners(duo)).toBe(1);
    } finally {
      await duo.close();
    }
  });

  it('decides concurrent demotions inside their transactions (the lock, without the HTTP layer)', async () => {
    const duo = await createTestApp();
    try {
      const a = await newOperator(duo, 'owner');
      const b = await newOperator(duo, 'owner');
      const outcomes = await Promise.allSettled([
        duo.db.transaction((tx) => changeRole(tx, duo.clock, a.id, b.id, 'cashier')),
        duo.db.transaction((tx) => changeRole(tx, duo.clock, b.id, a.id, 'cashier')),
      ]);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const refused = outcomes.find((o) => o.status === 'rejected');
      expect(refused?.status === 'rejected' && (refused.reason as Error).message).toBe(lastOwnerMessage);
      expect(await activeOwners(duo)).toBe(1);
    } finally {
      await duo.close();
    }
  });

  it('lets an owner sign in while another owner changes a role: the sign-in is audited, nothing deadlocks', async () => {
    // A role change locks every enabled owner's row. A sign-in's audit row, written on its own, takes the audit
    // chain's head (its trigger) and then checks its operator's row for the foreign key. With the owners' rows
    // locked FOR UPDATE the check waited for the role change, whose own audit row then waited for the chain's
    // head: PostgreSQL broke the cycle by failing the sign-in, a 500 at the console (the browser suite, session
    // 25). Locked FOR NO KEY UPDATE, which a foreign key's check does not wait for, the sign-in goes through.
    const duo = await createTestApp();
    try {
      const a = await newOperator(duo, 'owner');
      const b = await newOperator(duo, 'owner');
      const x = await newOperator(duo, 'cashier');
      const request = { ip: '127.0.0.1', id: 'sign-in-beside-a-change', headers: {} };
      const change = holdOpen(
        duo,
        (tx) => changeRole(tx, duo.clock, a.id, x.id, 'viewer'),
        (tx) => audit(tx, { operatorId: a.id, action: 'operator_role', request, at: duo.clock.now() }),
      );
      await change.holding;
      const signIn = audit(duo.db, {
        operatorId: b.id,
        action: 'operator_login',
        request,
        at: duo.clock.now(),
      });
      const done = signIn.then(
        () => true,
        () => true,
      );
      // The role change goes on once the sign-in's row is written or waits on a lock (PGlite runs one at a time).
      const waitsOnLock = async () => {
        if (duo.db.engine !== 'postgres') return true;
        const { rows } = await duo.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        return (rows[0]?.n ?? 0) > 0;
      };
      while (!(await Promise.race([done, waitsOnLock()]))) await new Promise((r) => setTimeout(r, 20));
      change.release();
      const outcomes = await Promise.allSettled([change.done, signIn]);
      expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'ok'))).toEqual(['ok', 'ok']);
    } finally {
      await duo.close();
    }
  });

  it('lets no one owner, racing their own sessions, leave the console without an owner', async () => {
    // The lock on operators' rows is FOR NO KEY UPDATE since session 25: every change of an owner still waits for
    // every other. One owner's two sessions at once: the other owner disabled and demoted, and their own account
    // disabled and demoted. They stay the owner; the rest is refused or lands on the other owner alone.
    const duo = await createTestApp();
    try {
      const a = await newOperator(duo, 'owner');
      const b = await newOperator(duo, 'owner');
      const [first, second] = [await signIn(duo, a), await signIn(duo, a)];
      const answers = await Promise.all([
        call(duo, 'POST', `/admin-api/operators/${b.id}/disable`, { token: first }),
        call(duo, 'POST', `/admin-api/operators/${b.id}/role`, { token: second }, { role: 'cashier' }),
        call(duo, 'POST', `/admin-api/operators/${a.id}/disable`, { token: second }),
        call(duo, 'POST', `/admin-api/operators/${a.id}/role`, { token: first }, { role: 'cashier' }),
      ]);
      // Refused as their own account, or as the last owner once the other is gone: whichever is checked first.
      for (const own of answers.slice(2)) {
        expect(own.statusCode).toBe(409);
        expect(['OWN_DISABLE', 'OWN_ROLE', 'LAST_OWNER']).toContain(own.json.code);
      }
      expect(await activeOwners(duo)).toBe(1);
      expect((await call(duo, 'GET', '/admin-api/me', { token: first })).json).toMatchObject({
        operator: { id: a.id, role: 'owner' },
      });
    } finally {
      await duo.close();
    }
  });

  it('gives no way in to a session an operator opens while being disabled (the lock no longer holds it back)', async () => {
    // FOR NO KEY UPDATE lets a new session row name the operator being disabled at once, where FOR UPDATE made it
    // wait for the disable: the session is refused at use (a disabled operator's sessions never authenticate),
    // so a cashier racing their own disabling keeps nothing.
    const duo = await createTestApp();
    try {
      const owner = await newOperator(duo, 'owner');
      const ownerToken = await signIn(duo, owner);
      const cashier = await newOperator(duo, 'cashier');
      const disable = holdOpen(duo, (tx) => disableOperator(tx, duo.clock, owner.id, cashier.id));
      await disable.holding;
      // PGlite runs one transaction at a time: there the session comes after the disable.
      const opened =
        duo.db.engine === 'postgres'
          ? await createOperatorSession(duo.db, duo.clock, cashier.id, {
              ip: '127.0.0.1',
              userAgent: undefined,
            })
          : undefined;
      disable.release();
      await disable.done;
      const late = await createOperatorSession(duo.db, duo.clock, cashier.id, {
        ip: '127.0.0.1',
        userAgent: undefined,
      });
      for (const session of [opened, late]) {
        if (session)
          expect((await call(duo, 'GET', '/admin-api/me', { token: session.token })).statusCode).toBe(401);
      }
      expect((await call(duo, 'GET', '/admin-api/me', { token: ownerToken })).statusCode).toBe(200);
    } finally {
      await duo.close();
    }
  });
});
