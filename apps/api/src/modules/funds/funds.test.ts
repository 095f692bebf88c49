import { fundsMessages as f } from '@gama/core/contract/funds-messages';
import { describe, expect, it } from 'vitest';
import type { ApiBody, TestApp } from '../../../test/helpers.ts';
import { snapshot, suiteApp } from '../../../test/helpers.ts';
import { engine } from '../../../test/db.ts';
import {
  MONEY_TABLES,
  admin,
  balanceOf,
  expectLedgerClean,
  fund,
  operatorToken,
  savePayoutNumber,
  transferPoints,
} from '../../../test/money.ts';
import { nextMobile } from '../../seed/players.ts';
import { idempotencyMessages } from '@gama/core/contract/idempotency';

let op: string;
const t = suiteApp({ ledger: true }, async () => {
  op = await operatorToken(t);
});

type Player = Awaited<ReturnType<TestApp['player']>>;

async function withPayout(p: Player, upiType: '1' | '2' | '3', number: string): Promise<void> {
  await savePayoutNumber(t, p, number, upiType);
  t.clock.advance(31_000);
}

describe('deposits', () => {
  it('records a pending request, credits once on approval, and shows in the passbook', async () => {
    const p = await t.player();
    const min = await t.post('/api-last-fund-request-detail', {}, { token: p.token });
    expect(min.json).toMatchObject({ status: true, min_amt: '100' });
    const low = await t.post('/api-fund-request-add', { request_amount: '99' }, { token: p.token });
    expect(low.json.msg).toBe(f.depositMin('100'));
    const req = await t.post<ApiBody & { request_id: number }>(
      '/api-fund-request-add',
      { request_amount: '250' },
      { token: p.token },
    );
    expect(req.json).toMatchObject({ status: true, msg: f.depositRequested });
    expect(await balanceOf(t, p.id)).toBe(0);
    const pending = await admin<{ rows: Array<{ id: number; amount_paise: number }> }>(
      t,
      op,
      'GET',
      '/admin-api/deposits?status=pending',
    );
    expect(pending.json.rows.find((d) => d.id === req.json.request_id)?.amount_paise).toBe(25_000);
    // Five clicks at once: one decides, the other four are answered that decision (issue 14) and move nothing.
    const approvals = await Promise.all(
      Array.from({ length: 5 }, () =>
        admin<{ deposit: { already_decided: boolean } }>(
          t,
          op,
          'POST',
          `/admin-api/deposits/${req.json.request_id}/approve`,
        ),
      ),
    );
    expect(approvals.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(approvals.filter((r) => !r.json.deposit.already_decided)).toHaveLength(1);
    expect(await balanceOf(t, p.id)).toBe(25_000);
    const wallet = await t.post<{ wallet_amt: string }>('/api-user-wallet-balance', {}, { token: p.token });
    expect(wallet.json.wallet_amt).toBe('250');
    const history = await t.post<{
      transaction_history: Array<{ transaction_type: string; amount: string; kind: string }>;
    }>('/api-wallet-transaction-history', {}, { token: p.token });
    expect(history.json.transaction_history).toEqual([
      expect.objectContaining({ transaction_type: '1', amount: '250', kind: 'deposit', amount_status: '1' }),
    ]);
    await expectLedgerClean(t);
  });

  it('rejects once and credits nothing', async () => {
    const p = await t.player();
    const req = await t.post<ApiBody & { request_id: number }>(
      '/api-fund-request-add',
      { request_amount: 300 },
      { token: p.token },
    );
    const [a, b] = await Promise.all([
      admin(t, op, 'POST', `/admin-api/deposits/${req.json.request_id}/approve`),
      admin(t, op, 'POST', `/admin-api/deposits/${req.json.request_id}/reject`, { reason: 'no payment' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const credited = a.statusCode === 200 ? 30_000 : 0;
    expect(await balanceOf(t, p.id)).toBe(credited);
  });

  it('refuses malformed amounts without writing anything', async () => {
    const p = await t.player();
    const before = await snapshot(t.db, MONEY_TABLES);
    for (const amount of ['1e3', '-500', '12.5', ' ', 'abc', '99999999999']) {
      const res = await t.post('/api-fund-request-add', { request_amount: amount }, { token: p.token });
      expect(res.statusCode).toBe(400);
    }
    expect(await snapshot(t.db, MONEY_TABLES)).toEqual(before);
  });
});

describe('payout numbers', () => {
  it('saves a number only with the code sent to the player’s own phone for that number', async () => {
    const p = await t.player();
    const number = nextMobile();
    const sent = await t.post('/api-send-withdraw-otp', { upi_type: '2', number }, { token: p.token });
    expect(sent.json).toMatchObject({ status: true, mobile: p.mobile });
    expect(await t.outbox(number)).toEqual([]);
    const code = await t.lastCode(p.mobile);
    const other = nextMobile();
    const swapped = await t.post(
      '/api-add-user-upi-details',
      { upi_type: '2', google_pay_no: other, otp: code },
      { token: p.token },
    );
    expect(swapped.json.msg).toBe(f.enterValidOtp);
    const wrongType = await t.post(
      '/api-add-user-upi-details',
      { upi_type: '1', paytm_no: number, otp: code },
      { token: p.token },
    );
    expect(wrongType.json.msg).toBe(f.enterValidOtp);
    const ok = await t.post(
      '/api-add-user-upi-details',
      { upi_type: '2', google_pay_no: number, otp: code },
      { token: p.token },
    );
    expect(ok.json).toEqual({ status: true, msg: f.upiAdded });
    const details = await t.post('/api-get-user-payment-details', {}, { token: p.token });
    expect(details.json.payment_details).toEqual({
      google_pay_number: number,
      paytm_number: '',
      phone_pay_number: '',
    });
  });

  it('gives the spec messages for a bad number', async () => {
    const p = await t.player();
    expect(
      (await t.post('/api-send-withdraw-otp', { upi_type: '1', number: '' }, { token: p.token })).json.msg,
    ).toBe(f.upiPhoneRequired);
    expect(
      (await t.post('/api-send-withdraw-otp', { upi_type: '1', number: '12345' }, { token: p.token })).json
        .msg,
    ).toBe(f.upiPhoneInvalid);
  });
});

describe('withdrawals', () => {
  it('holds the amount, lists it, and the operator pays it out once with a receipt', async () => {
    const p = await t.player();
    await fund(t, p, op, 1000);
    await withPayout(p, '3', nextMobile());
    const res = await t.post<ApiBody & { request_number: number }>(
      '/api-user-withdraw-fund-request',
      { request_amount: '600', payment_method: '4', mobile: '9999999999' },
      { token: p.token },
    );
    expect(res.json).toMatchObject({ status: true, msg: f.withdrawSent });
    expect(await balanceOf(t, p.id)).toBe(40_000);
    const list = await t.post<{ withdrawdata: Array<Record<string, string>> }>(
      '/api-user-withdraw-transaction-history',
      { mobile_no: '9000000000' },
      { token: p.token },
    );
    expect(list.json.withdrawdata).toEqual([
      expect.objectContaining({
        request_number: res.json.request_number,
        request_status: '0',
        request_amount: '600',
        payment_receipt: '',
      }),
    ]);
    expect(list.json.withdrawdata[0]?.phone_pay_number).toMatch(/^\d{10}$/);
    const [a, b] = await Promise.all([
      admin(t, op, 'POST', `/admin-api/withdrawals/${res.json.request_number}/approve`, {
        payment_reference: 'UPI-REF-0001',
        receipt_url: 'https://bank.example/r/1',
      }),
      admin(t, op, 'POST', `/admin-api/withdrawals/${res.json.request_number}/reject`, {
        reason: 'number does not match',
      }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const after = await t.post<{ withdrawdata: Array<Record<string, string>> }>(
      '/api-user-withdraw-transaction-history',
      {},
      { token: p.token },
    );
    const row = after.json.withdrawdata[0];
    if (a.statusCode === 200) {
      expect(row).toMatchObject({ request_status: '2', payment_receipt: 'https://bank.example/r/1' });
      expect(await balanceOf(t, p.id)).toBe(40_000);
    } else {
      expect(row).toMatchObject({ request_status: '1' });
      expect(await balanceOf(t, p.id)).toBe(100_000);
    }
    // Approving again answers the standing decision: the same one again, the other one a conflict.
    const again = await admin(t, op, 'POST', `/admin-api/withdrawals/${res.json.request_number}/approve`, {
      payment_reference: 'UPI-REF-0001',
    });
    expect(again.statusCode).toBe(a.statusCode === 200 ? 200 : 409);
    expect(await balanceOf(t, p.id)).toBe(a.statusCode === 200 ? 40_000 : 100_000);
    await expectLedgerClean(t);
  });

  it('enforces every rule with the spec’s message, in order, changing nothing', async () => {
    const p = await t.player();
    await fund(t, p, op, 700);
    const before = await snapshot(t.db, MONEY_TABLES);
    const ask = (body: Record<string, unknown>) =>
      t.post('/api-user-withdraw-fund-request', body, { token: p.token });
    expect((await ask({ request_amount: '', payment_method: '2' })).json.msg).toBe(f.withdrawAmountRequired);
    expect((await ask({ request_amount: '701', payment_method: '2' })).json.msg).toBe(f.walletLimitExceeded);
    expect((await ask({ request_amount: '499', payment_method: '2' })).json.msg).toBe(f.minWithdraw('500'));
    expect((await ask({ request_amount: '500' })).json.msg).toBe(f.selectPaymentMethod);
    expect((await ask({ request_amount: '500', payment_method: '2' })).json.msg).toBe(f.methodNotSaved);
    expect(await snapshot(t.db, MONEY_TABLES)).toEqual(before);
    await withPayout(p, '2', nextMobile());
    const saved = await snapshot(t.db, MONEY_TABLES);
    t.clock.set('2026-11-20T13:00:00.000Z'); // 18:30 IST, after the 06:00 PM close
    expect((await ask({ request_amount: '500', payment_method: '2' })).json.msg).toBe(f.withdrawHours);
    t.clock.set('2026-11-20T04:29:00.000Z'); // 09:59 IST
    expect((await ask({ request_amount: '500', payment_method: '2' })).json.msg).toBe(f.withdrawHours);
    expect(await snapshot(t.db, MONEY_TABLES)).toEqual(saved);
    t.clock.set('2026-11-20T04:30:00.000Z'); // 10:00 IST, the window opens inclusively
    expect((await ask({ request_amount: '500', payment_method: '2' })).statusCode).toBe(200);
    t.clock.set('2026-11-20T06:30:00.000Z');
  });
});

describe('transfers', () => {
  it('checks the recipient, then moves points in one journal', async () => {
    const a = await t.player({ userName: 'Ravindra' });
    const b = await t.player({ userName: 'Sunita Rao' });
    await fund(t, a, op, 500);
    const check = await t.post(
      '/api-check-user-for-transfer-amt',
      { mobile_no: b.mobile },
      { token: a.token },
    );
    expect(check.json).toEqual({ status: true, user_name: 'Su******ao' });
    const res = await t.post(
      '/api-user-transfer-wallet-balance',
      { mobile_no: b.mobile, amount: '150', transfer_note: '' },
      { token: a.token },
    );
    expect(res.json).toMatchObject({ status: true, msg: f.transferDone });
    expect(await balanceOf(t, a.id)).toBe(35_000);
    expect(await balanceOf(t, b.id)).toBe(15_000);
    const { rows } = await t.db.query('SELECT count(*)::int AS n FROM transfers WHERE from_player_id = $1', [
      a.id,
    ]);
    expect(rows[0]).toEqual({ n: 1 });
  });

  it("writes each passbook's transfer line with the reader's own name in full, the other party's masked", async () => {
    const a = await t.player({ userName: 'Ravindra Kumar' });
    const b = await t.player({ userName: 'Sunita Rao' });
    await fund(t, a, op, 500);
    const sent = await t.post(
      '/api-user-transfer-wallet-balance',
      { mobile_no: b.mobile, amount: '150', transfer_note: '' },
      { token: a.token },
    );
    expect(sent.statusCode).toBe(200);
    const noteOf = async (token: string) => {
      const res = await t.post('/api-wallet-transaction-history', {}, { token });
      const history = res.json.transaction_history as { kind: string; transaction_note: string }[];
      return history.find((row) => row.kind === 'transfer')?.transaction_note;
    };
    expect(await noteOf(a.token)).toBe('Points transfer from Ravindra Kumar to Su******ao');
    expect(await noteOf(b.token)).toBe('Points transfer from Ra**********ar to Sunita Rao');
  });

  it('enforces every rule on the server, changing nothing', async () => {
    const a = await t.player();
    const b = await t.player();
    await fund(t, a, op, 200);
    const before = await snapshot(t.db, MONEY_TABLES);
    const send = (body: Record<string, unknown>) =>
      t.post('/api-user-transfer-wallet-balance', body, { token: a.token });
    expect((await send({ mobile_no: '12345', amount: '150' })).json.msg).toBe(f.transferPhoneInvalid);
    expect((await send({ mobile_no: a.mobile, amount: '150' })).json.msg).toBe(f.transferOwnPhone);
    expect((await send({ mobile_no: b.mobile, amount: '' })).json.msg).toBe(f.transferPointsRequired);
    expect((await send({ mobile_no: b.mobile, amount: '99' })).json.msg).toBe(f.transferMin);
    expect((await send({ mobile_no: b.mobile, amount: '201' })).json.msg).toBe(f.transferNotEnough);
    expect((await send({ mobile_no: nextMobile(), amount: '150' })).json.msg).toBe(f.recipientNotFound);
    expect((await send({ mobile_no: b.mobile, amount: '150.5' })).statusCode).toBe(400);
    expect(await snapshot(t.db, MONEY_TABLES)).toEqual(before);
  });

  it('tells a sender who cannot afford it the same for a registered phone and an unknown one', async () => {
    const a = await t.player();
    const b = await t.player();
    await fund(t, a, op, 120);
    const before = await snapshot(t.db, MONEY_TABLES);
    const send = (mobile: string) =>
      t.post('/api-user-transfer-wallet-balance', { mobile_no: mobile, amount: '150' }, { token: a.token });
    const registered = await send(b.mobile);
    const unknown = await send(nextMobile());
    expect([registered.statusCode, registered.json]).toEqual([unknown.statusCode, unknown.json]);
    expect(registered.json.msg).toBe(f.transferNotEnough);
    expect(await snapshot(t.db, MONEY_TABLES)).toEqual(before);
  });

  it('counts the recipient check and the transfer in one budget per player, whatever the address', async () => {
    const a = await t.player();
    const b = await t.player();
    await fund(t, a, op, 1000);
    const check = (mobile: string, ip: string) =>
      t.post('/api-check-user-for-transfer-amt', { mobile_no: mobile }, { token: a.token, ip });
    const send = (mobile: string, ip: string) =>
      t.post(
        '/api-user-transfer-wallet-balance',
        { mobile_no: mobile, amount: '100' },
        { token: a.token, ip },
      );
    // Half the hour's lookups through the name check, half through transfers to unknown phones, from many
    // addresses: the next one, by either route, is refused.
    for (let i = 0; i < 10; i++) expect((await check(nextMobile(), `10.20.0.${i + 1}`)).statusCode).toBe(404);
    for (let i = 0; i < 10; i++) {
      const probe = await send(nextMobile(), `10.20.1.${i + 1}`);
      expect([probe.statusCode, probe.json.msg]).toEqual([404, f.recipientNotFound]);
    }
    const capped = await check(b.mobile, '10.20.2.1');
    expect([capped.statusCode, capped.json.msg]).toEqual([429, f.transferLookupsLimited]);
    const cappedSend = await send(nextMobile(), '10.20.2.2');
    expect([cappedSend.statusCode, cappedSend.json.msg]).toEqual([429, f.transferLookupsLimited]);
    // Spent is spent: even a transfer to a registered phone waits for the hour.
    expect((await send(b.mobile, '10.20.2.3')).statusCode).toBe(429);
    // A transfer that goes through costs points, not budget.
    t.clock.advance(3_600_000);
    expect((await send(b.mobile, '10.20.2.3')).statusCode).toBe(200);
    expect((await send(b.mobile, '10.20.2.3')).statusCode).toBe(200);
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM rate_events WHERE kind = 'lookup_player' AND subject = $1 AND at > $2`,
      [String(a.id), new Date(t.clock.now().getTime() - 1000)],
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('caps recipient lookups per player', async () => {
    const a = await t.player();
    const b = await t.player();
    for (let i = 0; i < 20; i++) {
      expect(
        (await t.post('/api-check-user-for-transfer-amt', { mobile_no: b.mobile }, { token: a.token }))
          .statusCode,
      ).toBe(200);
    }
    expect(
      (await t.post('/api-check-user-for-transfer-amt', { mobile_no: b.mobile }, { token: a.token }))
        .statusCode,
    ).toBe(429);
    expect((await t.post('/api-check-user-for-transfer-amt', { mobile_no: b.mobile })).statusCode).toBe(401);
  });

  it('a storm of transfers between players leaves the total unchanged', async () => {
    const players = await Promise.all(Array.from({ length: 6 }, () => t.player()));
    for (const p of players) await fund(t, p, op, 1000);
    const total = async () =>
      (await Promise.all(players.map((p) => balanceOf(t, p.id)))).reduce((x, y) => x + y, 0);
    expect(await total()).toBe(600_000);
    const calls = Array.from({ length: 60 }, (_, i) => {
      const from = players[i % players.length] as Player;
      const to = players[(i * 5 + 1) % players.length] as Player;
      const amount = 100 + ((i * 37) % 400);
      // Each player from their own phone's address, as six players would be.
      return t.post(
        '/api-user-transfer-wallet-balance',
        { mobile_no: to.mobile, amount },
        { token: from.token, ip: `10.30.0.${(i % players.length) + 1}` },
      );
    });
    const results = await Promise.all(calls);
    expect(
      results.every(
        (r) =>
          r.statusCode === 200 || r.json.msg === f.transferNotEnough || r.json.msg === f.transferOwnPhone,
      ),
    ).toBe(true);
    expect(await total()).toBe(600_000);
    await expectLedgerClean(t);
  });
});

describe('idempotency (L5)', () => {
  it('replays of one key, even concurrent, move points once and answer alike', async () => {
    const a = await t.player();
    const b = await t.player();
    await fund(t, a, op, 1000);
    const key = `transfer-${a.id}-abcdef`;
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.post(
          '/api-user-transfer-wallet-balance',
          { mobile_no: b.mobile, amount: '100' },
          { token: a.token, headers: { 'idempotency-key': key } },
        ),
      ),
    );
    expect(new Set(results.map((r) => r.raw)).size).toBe(1);
    expect(results[0]?.statusCode).toBe(200);
    expect(await balanceOf(t, b.id)).toBe(10_000);
    const body = await t.post(
      '/api-user-transfer-wallet-balance',
      { mobile_no: b.mobile, amount: '100', request_id: key },
      { token: a.token },
    );
    expect(body.raw).toBe(results[0]?.raw);
    const changed = await t.post(
      '/api-user-transfer-wallet-balance',
      { mobile_no: b.mobile, amount: '200' },
      { token: a.token, headers: { 'idempotency-key': key } },
    );
    expect(changed.statusCode).toBe(422);
    expect(changed.json).toMatchObject({ code: 'IDEMPOTENCY_MISMATCH', msg: idempotencyMessages.mismatch });
    expect(await balanceOf(t, b.id)).toBe(10_000);
    const { rows } = await t.db.query('SELECT count(*)::int AS n FROM idempotency_keys WHERE key = $1', [
      key,
    ]);
    expect(rows[0]).toEqual({ n: 1 });
  });

  it('a replayed deposit request records one request', async () => {
    const p = await t.player();
    const key = `deposit-${p.id}-123456`;
    for (let i = 0; i < 3; i++) {
      await t.post('/api-fund-request-add', { request_amount: '300', request_id: key }, { token: p.token });
    }
    const { rows } = await t.db.query(
      'SELECT count(*)::int AS n FROM deposit_requests WHERE player_id = $1',
      [p.id],
    );
    expect(rows[0]).toEqual({ n: 1 });
  });
});

describe(`double spend on ${engine} (C2)`, () => {
  it('50 parallel withdrawals of the whole balance: exactly one is accepted', async () => {
    const p = await t.player();
    await fund(t, p, op, 600);
    await withPayout(p, '1', nextMobile());
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.post(
          '/api-user-withdraw-fund-request',
          { request_amount: '600', payment_method: '3' },
          { token: p.token },
        ),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.json.msg === f.walletLimitExceeded)).toHaveLength(49);
    expect(await balanceOf(t, p.id)).toBe(0);
  });

  it('50 parallel transfers of the whole balance: exactly one is accepted', async () => {
    const p = await t.player();
    const q = await t.player();
    await fund(t, p, op, 300);
    const results = await Promise.all(Array.from({ length: 50 }, () => transferPoints(t, p, q, '300')));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await balanceOf(t, p.id)).toBe(0);
    expect(await balanceOf(t, q.id)).toBe(30_000);
    await expectLedgerClean(t);
  });
});

describe('debt (game-rules D7)', () => {
  /** A corrected result's reversal that left `paise` owed: the shortfall moved from the house into the debt account. */
  async function owe(playerId: number, paise: number): Promise<void> {
    await t.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO journals (kind, actor, note, created_at) VALUES ('win_reversal', 'system', 'test reversal', $1) RETURNING id`,
        [t.clock.now()],
      );
      await tx.query(
        `INSERT INTO entries (journal_id, account_id, amount) VALUES
           ($1, (SELECT id FROM accounts WHERE player_id = $2 AND kind = 'debt'), $3),
           ($1, (SELECT id FROM accounts WHERE kind = 'house' AND player_id IS NULL), $4)`,
        [rows[0]?.id, playerId, -paise, paise],
      );
    });
  }

  it('blocks withdrawals and transfers until a credit repays it', async () => {
    const p = await t.player();
    const q = await t.player();
    await withPayout(p, '1', nextMobile());
    // A corrected result left 50 points owed: the reversal's shortfall sits in the debt account.
    await owe(p.id, 5_000);
    const profile = await t.post('/api-user-wallet-balance', {}, { token: p.token });
    expect(profile.json).toMatchObject({ wallet_amt: '0', debt_amt: '50' });
    await fund(t, p, op, 600);
    expect(await balanceOf(t, p.id)).toBe(55_000);
    const after = await t.post('/api-user-wallet-balance', {}, { token: p.token });
    expect(after.json).toMatchObject({ wallet_amt: '550', debt_amt: '0' });
    expect((await transferPoints(t, p, q, '100')).statusCode).toBe(200);
    await expectLedgerClean(t);
  });

  it('refuses player debits while the debt is outstanding', async () => {
    const p = await t.player();
    const q = await t.player();
    await fund(t, p, op, 700);
    await withPayout(p, '1', nextMobile());
    await owe(p.id, 1_000);
    const transfer = await transferPoints(t, p, q, '100');
    expect(transfer.json).toMatchObject({ status: false, msg: f.debtBlocked('10') });
    const withdraw = await t.post(
      '/api-user-withdraw-fund-request',
      { request_amount: '500', payment_method: '3' },
      { token: p.token },
    );
    expect(withdraw.json.msg).toBe(f.debtBlocked('10'));
  });
});

describe('operator API', () => {
  it('refuses player sessions with 403 and strangers with 401', async () => {
    const p = await t.player();
    expect((await admin(t, p.token, 'GET', '/admin-api/deposits')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/admin-api/deposits' })).statusCode).toBe(401);
    const support = await operatorToken(t, 'support');
    expect(
      (await admin(t, support, 'POST', `/admin-api/players/${p.id}/adjust`, { points: 5, reason: 'try' }))
        .json,
    ).toMatchObject({ code: 'FORBIDDEN', msg: 'You do not have permission to credit or debit wallets' });
  });

  it('adjusts a wallet with a reason, idempotently, and audits every action', async () => {
    const p = await t.player();
    const { rows: before } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log');
    const headers = { 'idempotency-key': `adjust-${p.id}-0001` };
    // The same credit sent twice under one idempotency key.
    const goodwill = { points: 120, reason: 'goodwill credit' };
    const credit = () => admin(t, op, 'POST', `/admin-api/players/${p.id}/adjust`, goodwill, headers);
    const one = await credit();
    const two = await credit();
    expect(one.json).toEqual(two.json);
    expect(await balanceOf(t, p.id)).toBe(12_000);
    const debit = await admin(t, op, 'POST', `/admin-api/players/${p.id}/adjust`, {
      points: -20,
      reason: 'correction',
    });
    expect(debit.json).toMatchObject({ status: true, wallet_paise: 10_000, debt_paise: 0 });
    const over = await admin(t, op, 'POST', `/admin-api/players/${p.id}/adjust`, {
      points: -101,
      reason: 'too much',
    });
    expect(over.statusCode).toBe(409);
    expect(
      (await admin(t, op, 'POST', `/admin-api/players/${p.id}/adjust`, { points: 10, reason: '' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await admin(t, op, 'POST', `/admin-api/players/${p.id}/adjust`, { points: 1.5, reason: 'half' }))
        .statusCode,
    ).toBe(400);
    const { rows: after } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log');
    // The credit and the debit; the replay is the same action answered again, and the refusals changed nothing.
    expect((after[0]?.n ?? 0) - (before[0]?.n ?? 0)).toBe(2);
    const found = await admin<{ rows: Array<{ id: number; wallet_paise: number }> }>(
      t,
      op,
      'GET',
      `/admin-api/players?q=${p.mobile}`,
    );
    expect(found.json.rows).toEqual([expect.objectContaining({ id: p.id, wallet_paise: 10_000 })]);
    expect(String(await t.db.query(`UPDATE audit_log SET action = 'x'`).catch((e: unknown) => e))).toMatch(
      /append-only/,
    );
  });

  it('serves an OpenAPI document describing the operator calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin-api/openapi.json' });
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.1');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/admin-api/login',
        '/admin-api/deposits/{id}/approve',
        '/admin-api/withdrawals/{id}/approve',
      ]),
    );
  });
});

describe(`read skew on ${engine} (C3)`, () => {
  it('every passbook read adds up: opening + listed entries = balance, during a transfer storm', async () => {
    const players = await Promise.all(Array.from({ length: 4 }, () => t.player()));
    for (const p of players) await fund(t, p, op, 1000);
    const paise = (text: string) => Math.round(Number(text) * 100);
    const reads: Array<Promise<void>> = [];
    const writes: Array<Promise<unknown>> = [];
    for (let i = 0; i < 40; i++) {
      const from = players[i % 4] as Player;
      const to = players[(i + 1) % 4] as Player;
      writes.push(
        t.post(
          '/api-user-transfer-wallet-balance',
          { mobile_no: to.mobile, amount: 100 + i },
          { token: from.token },
        ),
      );
      reads.push(
        (async () => {
          const res = await t.post<{
            wallet_amt: string;
            opening_balance: string;
            transaction_history: Array<{ transaction_type: string; amount: string }>;
          }>('/api-wallet-transaction-history', {}, { token: (players[(i + 2) % 4] as Player).token });
          const listed = res.json.transaction_history.reduce(
            (sum, row) => sum + (row.transaction_type === '1' ? 1 : -1) * paise(row.amount),
            0,
          );
          expect(paise(res.json.opening_balance) + listed).toBe(paise(res.json.wallet_amt));
        })(),
      );
    }
    await Promise.all([...writes, ...reads]);
    await expectLedgerClean(t);
  });
});

describe(`concurrent credits to one wallet on ${engine}`, () => {
  it('approving twenty deposits of one player at once credits them all (no lock-upgrade deadlock)', async () => {
    const p = await t.player();
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await t.post<ApiBody & { request_id: number }>(
        '/api-fund-request-add',
        { request_amount: String(100 + i) },
        { token: p.token },
      );
      ids.push(res.json.request_id);
    }
    const results = await Promise.all(
      ids.map((id) => admin(t, op, 'POST', `/admin-api/deposits/${id}/approve`)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(ids.map(() => 200));
    expect(await balanceOf(t, p.id)).toBe(ids.reduce((sum, _, i) => sum + (100 + i) * 100, 0));
    await expectLedgerClean(t);
  });
});
