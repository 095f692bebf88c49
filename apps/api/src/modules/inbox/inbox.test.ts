/**
 * The operator's inbox over HTTP (issue 32 item 10): a rejected declaration reaches its maker with who, when and
 * why; a waiting one reaches the operators who may approve it and stops counting once decided; each operator
 * reads and marks only their own items.
 */
import { describe, expect, it } from 'vitest';
import type { InboxItem } from '@gama/core/endpoints/inbox/index';
import { suiteApp } from '../../../test/helpers.ts';
import { DATE, IST, setTwoPerson } from '../../../test/desk.ts';
import { admin, operatorId, operatorToken } from '../../../test/money.ts';
import { seedMarket } from '../../seed/markets.ts';

let owner: string;
let maker: string;
let checker: string;
let cashier: string;
let ids: { maker: number; checker: number };

interface Inbox {
  status: true;
  unread: number;
  items: InboxItem[];
}

const inbox = async (token: string) => {
  const res = await admin<Inbox>(t, token, 'GET', '/admin-api/inbox');
  expect(res.statusCode).toBe(200);
  return res.json;
};
const read = (token: string, body: Record<string, unknown>) =>
  admin<{ marked: number }>(t, token, 'POST', '/admin-api/inbox/read', body);
const post = (token: string, path: string, body: Record<string, unknown>) =>
  admin<{ declaration_id: number; state: string }>(t, token, 'POST', `/admin-api/results/${path}`, body);

const t = suiteApp({ now: IST('09:00') }, async () => {
  owner = await operatorToken(t);
  maker = await operatorToken(t, 'results');
  checker = await operatorToken(t, 'results');
  cashier = await operatorToken(t, 'cashier');
  ids = { maker: await operatorId(t, maker), checker: await operatorId(t, checker) };
  await setTwoPerson(t, owner, true);
});

describe('operator inbox', () => {
  it('tells the approvers a declaration waits, and the maker who rejected it, when and why', async () => {
    const market = await seedMarket(t.db, { name: 'INBOX MARKET', open: '10:00 AM', close: '12:00 PM' });
    t.clock.set(IST('10:05'));
    const draw = { market_id: market, date: DATE, half: 'open' };
    const declared = await post(maker, 'declare', { ...draw, value: '123' });
    expect(declared.json.state).toBe('pending_approval');
    const id = declared.json.declaration_id;

    // Approvers (the other results operator and the owner) are told; the maker and a cashier are not.
    for (const token of [checker, owner]) {
      const box = await inbox(token);
      expect(box.unread).toBe(1);
      expect(box.items).toHaveLength(1);
      expect(box.items[0]).toMatchObject({
        kind: 'declaration_waiting',
        read: false,
        current: true,
        declaration: {
          declaration_id: id,
          market_name: 'INBOX MARKET',
          date: DATE,
          half: 'open',
          value: '123',
          state: 'pending_approval',
          maker: { id: ids.maker },
          checker: null,
        },
      });
    }
    expect(await inbox(maker)).toEqual({ status: true, unread: 0, items: [] });
    expect(await inbox(cashier)).toEqual({ status: true, unread: 0, items: [] });

    t.clock.set(IST('10:20'));
    const rejected = await post(checker, 'reject', { declaration_id: id, reason: 'Wrong pana, recheck' });
    expect(rejected.statusCode).toBe(200);
    // Rejecting it again answers the same and tells the maker nothing twice.
    expect((await post(checker, 'reject', { declaration_id: id, reason: 'again' })).statusCode).toBe(200);

    const box = await inbox(maker);
    expect(box.unread).toBe(1);
    expect(box.items).toHaveLength(1);
    expect(box.items[0]).toMatchObject({
      kind: 'declaration_rejected',
      read: false,
      current: true,
      created_at: new Date(IST('10:20')).toISOString(),
      declaration: {
        declaration_id: id,
        value: '123',
        state: 'rejected',
        checker: { id: ids.checker },
        reason: 'Wrong pana, recheck',
        decided_at: new Date(IST('10:20')).toISOString(),
      },
    });
    // The owner's waiting item is listed but no longer counts: someone decided it.
    const ownerBox = await inbox(owner);
    expect(ownerBox.unread).toBe(0);
    expect(ownerBox.items[0]).toMatchObject({ kind: 'declaration_waiting', read: false, current: false });
  });

  it('an operator marks only their own items read', async () => {
    const mine = (await inbox(maker)).items[0];
    if (!mine) throw new Error('the maker has no item');

    // Another operator naming the maker's item marks nothing, and the maker still has it unread.
    const foreign = await read(checker, { ids: [mine.id] });
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json.marked).toBe(0);
    expect((await inbox(maker)).unread).toBe(1);
    const foreignAll = await read(owner, {});
    expect(foreignAll.json.marked).toBe(1); // the owner's own waiting item
    expect((await inbox(maker)).unread).toBe(1);

    const own = await read(maker, { ids: [mine.id] });
    expect(own.json.marked).toBe(1);
    const after = await inbox(maker);
    expect(after.unread).toBe(0);
    expect(after.items[0]).toMatchObject({ id: mine.id, read: true });
    // Marking it again marks nothing new.
    expect((await read(maker, { ids: [mine.id] })).json.marked).toBe(0);
  });

  it('refuses a malformed mark and a caller without a session', async () => {
    const bad = await read(maker, { ids: [] });
    expect(bad.statusCode).toBe(400);
    expect((await read(maker, { ids: ['x'] })).statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'GET', url: '/admin-api/inbox' });
    expect(anonymous.statusCode).toBe(401);
  });
});
