import { describe, expect, it } from 'vitest';
import { suiteApp } from '../../test/helpers.ts';
import { admin, operatorToken } from '../../test/money.ts';
import { jsonTextHasNul } from './security.ts';

let op: string;
const t = suiteApp({}, async () => {
  op = await operatorToken(t);
});

const malformed = { status: false, code: 'VALIDATION', msg: 'Malformed request' };

// Found by the Z1 fuzz suite: U+0000 reached PostgreSQL text columns and came back as 500s.
describe('U+0000 in a request is refused as malformed', () => {
  it('in a legacy body field', async () => {
    const p = await t.player();
    const res = await t.post('/api-profile-update', { user_name: 'A\u0000B' }, { token: p.token });
    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual(malformed);
    const { rows } = await t.db.query<{ user_name: string }>('SELECT user_name FROM players WHERE id = $1', [
      p.id,
    ]);
    expect(rows[0]?.user_name).toBe(p.userName);
  });

  it('in the operator login, an operator body and a query', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/admin-api/login',
      payload: { username: '\u0000', password: 'x' },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual(malformed);
    const declare = await admin(t, op, 'POST', '/admin-api/results/declare', {
      market_id: 1,
      date: '2026-11-20',
      value: '\u0000',
    });
    expect(declare).toEqual({ statusCode: 400, json: malformed });
    const exposure = await admin(
      t,
      op,
      'GET',
      '/admin-api/results/exposure?market_id=1&date=2026-11-20&bet_type=%00',
    );
    expect(exposure).toEqual({ statusCode: 400, json: malformed });
  });

  it('finds it in keys and deep inside, and leaves ordinary text alone', () => {
    const has = (value: unknown) => jsonTextHasNul(JSON.stringify(value));
    expect(has({ a: [{ b: ['x', 'y\u0000'] }] })).toBe(true);
    expect(has({ ['k\u0000']: 1 })).toBe(true);
    let deep: unknown = 'z\u0000';
    for (let i = 0; i < 1_000; i += 1) deep = [deep];
    expect(has(deep)).toBe(true);
    expect(has({ name: 'Ra\\u0000sh', n: 0, ok: null })).toBe(false);
    expect(has({ name: 'Ra\\\u0000sh' })).toBe(true);
    expect(has({ name: 'plain' })).toBe(false);
  });

  it('in a body sent as raw JSON text', async () => {
    const p = await t.player();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api-profile-update',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${p.token}` },
      payload: `{"app_key":"test-app-key-123","env_type":"Prod","user_name":"A\\u0000B"}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(malformed);
  });
});
