import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { createTestApp, snapshot, countOf } from '../../../test/helpers.ts';
import type { Json } from '../../../test/console.ts';
import { auditRowsOf, call, newOperator, signIn } from '../../../test/console.ts';
import { balanceOf, expectLedgerClean, MONEY_TABLES } from '../../../test/money.ts';
import { reconciliationMessages } from '@gama/core/endpoints/reconciliation/index';

let t: TestApp;
let cashier: string;
beforeAll(async () => {
  t = await createTestApp();
  cashier = await signIn(t, await newOperator(t, 'cashier'));
});
afterAll(async () => {
  await expectLedgerClean(t);
  await t.close();
});

type Player = Awaited<ReturnType<TestApp['player']>>;

/** A deposit request of `points`, with the UTR the player read from the payment app. */
async function paid(p: Player, points: number, utr: string): Promise<number> {
  const req = await t.post<{ request_id: number }>(
    '/api-fund-request-add',
    { request_amount: String(points) },
    { token: p.token },
  );
  expect(req.statusCode).toBe(200);
  const res = await t.post(
    '/api-fund-request-utr',
    { request_id: req.json.request_id, utr },
    { token: p.token },
  );
  expect(res.statusCode, res.raw).toBe(200);
  return req.json.request_id;
}

interface Line {
  line_no: number;
  utr: string | null;
  amount_paise: number | null;
  outcome: string;
  note: string;
  deposit: { id: number; status: string; amount_paise: number } | null;
}
type StatementJson = Json & {
  already_uploaded: boolean;
  statement: {
    id: number;
    sha256: string;
    counts: Record<string, number>;
    columns: Record<string, string | null>;
  };
  lines: Line[];
};
type ApproveJson = Json & {
  approved: number;
  already_approved: number;
  failed: number;
  results: {
    line_no: number;
    ok: boolean;
    msg?: string;
    deposit?: { id: number; already_decided: boolean };
  }[];
};

const upload = (csv: string, token = cashier) =>
  call<StatementJson>(
    t,
    'POST',
    '/admin-api/reconciliation/statements',
    { token },
    { filename: 'nov.csv', csv },
  );
const approve = (id: number, body: Record<string, unknown> = {}, token = cashier) =>
  call<ApproveJson>(t, 'POST', `/admin-api/reconciliation/statements/${id}/approve`, { token }, body);

let a: Player;
let b: Player;
let c: Player;
let ids: { a: number; b: number; c: number };
let statementId = 0;
let csv = '';

describe('statement reconciliation', () => {
  it('matches each credit line to a deposit request by UTR and amount, approving nothing yet', async () => {
    [a, b, c] = [await t.player(), await t.player(), await t.player()];
    ids = {
      a: await paid(a, 500, '111122223333'),
      b: await paid(b, 800, '444455556666'),
      c: await paid(c, 300, '777788889999'),
    };
    // C's was approved already on the desk.
    const desk = await call(t, 'POST', `/admin-api/deposits/${ids.c}/approve`, { token: cashier });
    expect(desk.statusCode).toBe(200);
    csv = [
      'Statement of account,GAMA ENTERPRISES',
      'Period,01/11/2026 - 20/11/2026',
      'Txn Date,Value Date,Description,Ref No./Cheque No.,Debit,Credit,Balance',
      '20/11/2026,20/11/2026,UPI/CR/111122223333/ASHA/okaxis,TRANSFER FROM 111122223333,,500.00,1000.00',
      '20/11/2026,20/11/2026,UPI/CR/444455556666/RAVI/ybl,TRANSFER FROM 444455556666,,"1,000.00",2000.00',
      '20/11/2026,20/11/2026,UPI/CR/999900001111/STRANGER/ybl,TRANSFER FROM 999900001111,,250.00,2250.00',
      '20/11/2026,20/11/2026,NEFT CR SBIN0001234 SOMEONE,N3200001,,400.00,2650.00',
      '20/11/2026,20/11/2026,UPI/DR/555566667777/RENT,TRANSFER TO 555566667777,100.00,,2550.00',
      '20/11/2026,20/11/2026,UPI/CR/111122223333/ASHA/okaxis,TRANSFER FROM 111122223333,,500.00,3050.00',
      '20/11/2026,20/11/2026,UPI/CR/777788889999/MEENA/paytm,TRANSFER FROM 777788889999,,300.00,3350.00',
    ].join('\n');
    const before = await snapshot(t.db, MONEY_TABLES);
    const res = await upload(csv);
    expect(res.statusCode, res.body).toBe(200);
    statementId = res.json.statement.id;
    expect(res.json.already_uploaded).toBe(false);
    expect(res.json.statement.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(res.json.statement.columns).toMatchObject({ reference: 'Ref No./Cheque No.', credit: 'Credit' });
    expect(res.json.statement.counts).toEqual({
      lines: 7,
      matched: 2,
      to_approve: 1,
      mismatched: 2,
      unmatched: 2,
      skipped: 1,
    });
    expect(res.json.lines.map((l) => [l.line_no, l.outcome, l.deposit?.id ?? null, l.note])).toEqual([
      [4, 'matched', ids.a, `Deposit #${ids.a} of 500 points by ${a.userName}, pending: approve it`],
      [5, 'mismatched', ids.b, `Deposit #${ids.b} is for 800 points; the statement says 1000 points`],
      [6, 'unmatched', null, 'No deposit request has this UTR'],
      [7, 'unmatched', null, 'No 12-digit UTR in this line'],
      [8, 'skipped', null, 'A debit, not a payment in'],
      [9, 'mismatched', ids.a, 'The same UTR is on line 4'],
      [10, 'matched', ids.c, `Deposit #${ids.c} of 300 points by ${c.userName}, already approved`],
    ]);
    expect(await snapshot(t.db, MONEY_TABLES)).toEqual(before);
    const [row] = await auditRowsOf(t, 'statement_upload');
    expect(row).toMatchObject({
      target_id: String(statementId),
      after_state: { filename: 'nov.csv', lines: 7 },
    });
  });

  it('approves the matched lines in one action, each once, and a second time changes nothing', async () => {
    const aBefore = await balanceOf(t, a.id);
    const bBefore = await balanceOf(t, b.id);
    const first = await approve(statementId);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json).toMatchObject({ approved: 1, already_approved: 1, failed: 0 });
    expect(
      first.json.results.map((r) => [r.line_no, r.ok, r.deposit?.id, r.deposit?.already_decided]),
    ).toEqual([
      [4, true, ids.a, false],
      [10, true, ids.c, true],
    ]);
    expect(await balanceOf(t, a.id)).toBe(aBefore + 50_000);
    // The mismatched request stays for a person to look at.
    expect(await balanceOf(t, b.id)).toBe(bBefore);
    const approvals = await auditRowsOf(t, 'deposit_approve');
    expect(approvals.filter((r) => r.target_id === String(ids.a))).toHaveLength(1);
    expect((await auditRowsOf(t, 'statement_approve')).at(-1)?.detail).toMatchObject({
      approved: 1,
      already_approved: 1,
      failed: 0,
    });

    const money = await snapshot(t.db, MONEY_TABLES);
    const again = await approve(statementId);
    expect(again.json).toMatchObject({ approved: 0, already_approved: 2, failed: 0 });
    expect(await snapshot(t.db, MONEY_TABLES)).toEqual(money);
    const read = await call<StatementJson>(t, 'GET', `/admin-api/reconciliation/statements/${statementId}`, {
      token: cashier,
    });
    expect(read.json.statement.counts).toMatchObject({ matched: 2, to_approve: 0 });
  });

  it('answers the stored statement when the same file comes again, and changes nothing', async () => {
    const tables = ['bank_statements', 'bank_statement_lines', 'audit_log', ...MONEY_TABLES];
    const before = await snapshot(t.db, tables);
    const again = await upload(csv);
    expect(again.statusCode).toBe(200);
    expect(again.json.already_uploaded).toBe(true);
    expect(again.json.statement.id).toBe(statementId);
    // Two at once: still one statement.
    const both = await Promise.all([upload(csv), upload(csv)]);
    expect(both.map((r) => [r.json.already_uploaded, r.json.statement.id])).toEqual([
      [true, statementId],
      [true, statementId],
    ]);
    expect(await snapshot(t.db, tables)).toEqual(before);

    const fresh = `${csv}\n`;
    const racing = await Promise.all([
      upload(`UTR,Amount\n123412341234,10\n`),
      upload(`UTR,Amount\n123412341234,10\n`),
    ]);
    expect(new Set(racing.map((r) => r.json.statement.id)).size).toBe(1);
    expect(racing.map((r) => r.json.already_uploaded).sort()).toEqual([false, true]);
    // A different file with the same lines is another statement; its matched line is already approved.
    const copy = await upload(fresh);
    expect(copy.json.already_uploaded).toBe(false);
    expect(copy.json.statement.counts).toMatchObject({ matched: 2, to_approve: 0 });
  });

  it('approves simultaneous requests for the same lines once', async () => {
    const d = await t.player();
    const id = await paid(d, 700, '121212121212');
    const res = await upload(`UTR No,Amount,Status\n121212121212,700,SUCCESS\n`);
    const before = await balanceOf(t, d.id);
    const answers = await Promise.all([approve(res.json.statement.id), approve(res.json.statement.id)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(answers.map((r) => r.json.approved).sort()).toEqual([0, 1]);
    expect(await balanceOf(t, d.id)).toBe(before + 70_000);
    expect(
      await countOf(t.db, `SELECT count(*)::int AS n FROM journals WHERE kind = 'deposit' AND ref_id = $1`, [
        id,
      ]),
    ).toBe(1);
  });

  it('approves only the chosen lines, each of which must be matched', async () => {
    const e = await t.player();
    const f = await t.player();
    const ide = await paid(e, 150, '232323232323');
    await paid(f, 160, '343434343434');
    const res = await upload(`UTR,Amount\n232323232323,150\n343434343434,160\n000000000001,5\n`);
    const sid = res.json.statement.id;
    const before = await snapshot(t.db, MONEY_TABLES);
    const bad = await approve(sid, { line_nos: [2, 4] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json.msg).toBe(reconciliationMessages.notMatched(4));
    expect(await snapshot(t.db, MONEY_TABLES)).toEqual(before);
    const one = await approve(sid, { line_nos: [2] });
    expect(one.json.results.map((r) => [r.line_no, r.deposit?.id])).toEqual([[2, ide]]);
    const read = await call<StatementJson>(t, 'GET', `/admin-api/reconciliation/statements/${sid}`, {
      token: cashier,
    });
    expect(read.json.statement.counts).toMatchObject({ matched: 2, to_approve: 1, unmatched: 1 });
  });

  it('refuses files it cannot read, with what it looked for', async () => {
    const before = await snapshot(t.db, ['bank_statements', 'bank_statement_lines']);
    const cases: [string, string][] = [
      [
        'name,phone\nAsha,9876543210\n',
        'No header line found: the file needs a reference column (UTR, Reference No, Txn Ref…) or a narration, and an amount column (Amount, Credit, Cr Amount…)',
      ],
      ['UTR,Amount\n', 'The statement has a header but no lines'],
      ['', 'The statement file is empty'],
      ['x'.repeat(2_000_001), 'A statement file is at most 2,000,000 characters; export a shorter period'],
    ];
    for (const [text, msg] of cases) {
      const res = await upload(text);
      expect(res.statusCode).toBe(400);
      // The file's size (empty, too long) is the schema's refusal; what the parser cannot read is STATEMENT_INVALID.
      const code = text.length === 0 || text.length > 2_000_000 ? 'VALIDATION' : 'STATEMENT_INVALID';
      expect(res.json).toEqual({ status: false, code, msg });
    }
    expect(await snapshot(t.db, ['bank_statements', 'bank_statement_lines'])).toEqual(before);
    expect(
      (await call(t, 'GET', '/admin-api/reconciliation/statements/999999', { token: cashier })).statusCode,
    ).toBe(404);
  });

  it('lets deposits.read roles look and only deposits.decide roles upload and approve', async () => {
    const support = await signIn(t, await newOperator(t, 'support'));
    const list = await call<Json & { statements: { id: number }[] }>(
      t,
      'GET',
      '/admin-api/reconciliation/statements',
      { token: support },
    );
    expect(list.statusCode).toBe(200);
    expect(list.json.statements.map((s) => s.id)).toContain(statementId);
    const before = await snapshot(t.db, ['bank_statements', ...MONEY_TABLES]);
    for (const res of [
      await upload('UTR,Amount\n565656565656,10\n', support),
      await approve(statementId, {}, support),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json.msg).toBe('You do not have permission to approve or reject deposits');
    }
    // The list's counts (one SQL statement) agree with each statement's own (line by line).
    for (const s of list.json.statements) {
      const one = await call<StatementJson>(t, 'GET', `/admin-api/reconciliation/statements/${s.id}`, {
        token: support,
      });
      expect(s).toEqual(one.json.statement);
    }
    const results = await signIn(t, await newOperator(t, 'results'));
    expect(
      (await call(t, 'GET', '/admin-api/reconciliation/statements', { token: results })).statusCode,
    ).toBe(403);
    expect(await snapshot(t.db, ['bank_statements', ...MONEY_TABLES])).toEqual(before);
  });
});
