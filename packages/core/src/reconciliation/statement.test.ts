import { describe, expect, it } from 'vitest';
import { findUtr, parseCsv, parseRupees, parseStatement, parseStatementDate } from './statement.ts';

function lines(text: string) {
  const parsed = parseStatement(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed;
}

describe('statement exports', () => {
  it('read an SBI-style export: account lines first, Ref No./Cheque No., Debit and Credit columns', () => {
    const csv = [
      'Account Name :,GAMA ENTERPRISES',
      'Account Number :,00000012345678901',
      'Statement From :,01-11-2026 to 24-11-2026',
      '',
      'Txn Date,Value Date,Description,Ref No./Cheque No.,Debit,Credit,Balance',
      '24 Nov 2026,24 Nov 2026,BY TRANSFER-UPI/CR/345678901234/RAVI KUMAR/YESB/ravi@ybl/Pay,TRANSFER FROM 345678901234,,"1,500.00","12,500.00"',
      '24 Nov 2026,24 Nov 2026,TO TRANSFER-UPI/DR/445678901234/SHOP,TRANSFER TO 445678901234,200.00,,"12,300.00"',
    ].join('\n');
    const parsed = lines(csv);
    expect(parsed.header_line).toBe(5);
    expect(parsed.columns).toMatchObject({
      reference: 'Ref No./Cheque No.',
      credit: 'Credit',
      debit: 'Debit',
      date: 'Txn Date',
      narration: 'Description',
    });
    expect(parsed.lines).toEqual([
      {
        line_no: 6,
        utr: '345678901234',
        reference: 'TRANSFER FROM 345678901234',
        amount_paise: 150_000,
        date: '2026-11-24',
        date_text: '24 Nov 2026',
        payer: 'BY TRANSFER-UPI/CR/345678901234/RAVI KUMAR/YESB/ravi@ybl/Pay',
        skip: null,
      },
      expect.objectContaining({ line_no: 7, amount_paise: null, skip: 'A debit, not a payment in' }),
    ]);
  });

  it('read an HDFC-style export: the UTR only in the narration, a 16-digit padded reference, Deposit Amt.', () => {
    const csv = [
      'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance',
      '23/11/26,UPI-ASHA DEVI-asha@okaxis-HDFC0001234-512345678901-Payment,0000512345678901,23/11/26,,500.00,9000.00',
      '23/11/26,NEFT CR-SBIN0001-OTHER,N123456789,23/11/26,,250.5,9250.50',
    ].join('\r\n');
    const parsed = lines(csv);
    expect(parsed.columns).toMatchObject({
      reference: 'Chq./Ref.No.',
      credit: 'Deposit Amt.',
      debit: 'Withdrawal Amt.',
    });
    expect(parsed.lines.map((l) => [l.utr, l.amount_paise, l.date])).toEqual([
      ['512345678901', 50_000, '2026-11-23'],
      [null, 25_050, '2026-11-23'],
    ]);
  });

  it('read an ICICI-style export with amounts "(INR )" and an Axis-style one with DR and CR', () => {
    const icici = lines(
      [
        'S No.,Value Date,Transaction Date,Cheque Number,Transaction Remarks,Withdrawal Amount (INR ),Deposit Amount (INR ),Balance (INR )',
        '1,22/11/2026,22/11/2026,-,UPI/612345678901/Payment from Raj/raj@paytm/Paytm,0,"2,000.00","5,000.00"',
      ].join('\n'),
    );
    expect(icici.lines[0]).toMatchObject({ utr: '612345678901', amount_paise: 200_000, date: '2026-11-22' });
    const axis = lines(
      [
        'Tran Date,CHQNO,PARTICULARS,DR,CR,BAL,SOL',
        '21-11-2026,,UPI/P2M/712345678901/MEENA/Axis Bank,,750.00,8750.00,1234',
        '21-11-2026,,UPI/P2A/812345678901/RENT/Axis Bank,100.00,,8650.00,1234',
      ].join('\n'),
    );
    expect(axis.columns).toMatchObject({ credit: 'CR', debit: 'DR', narration: 'PARTICULARS' });
    expect(axis.lines.map((l) => [l.utr, l.amount_paise, l.skip])).toEqual([
      ['712345678901', 75_000, null],
      ['812345678901', null, 'A debit, not a payment in'],
    ]);
  });

  it('read one Amount column with a Dr/Cr column or suffix, and a payment app export with statuses', () => {
    const kotak = lines(
      [
        'Sl. No.;Transaction Date;Description;Chq / Ref No.;Amount;Dr / Cr;Balance',
        '1;20-11-2026 10:15:00;UPI/RAVI;912345678901;1000.00;CR;1000.00',
        '2;20-11-2026 11:00:00;UPI/SHOP;922345678901;300.00;DR;700.00',
        '3;20-11-2026 12:00:00;UPI/X;932345678901;400.00 Cr;;1100.00',
      ].join('\n'),
    );
    expect(kotak.columns).toMatchObject({
      amount: 'Amount',
      direction: 'Dr / Cr',
      reference: 'Chq / Ref No.',
    });
    expect(kotak.lines.map((l) => [l.utr, l.amount_paise, l.date])).toEqual([
      ['912345678901', 100_000, '2026-11-20'],
      ['922345678901', null, '2026-11-20'],
      ['932345678901', 40_000, '2026-11-20'],
    ]);
    const app = lines(
      [
        'Transaction ID,UTR No,Amount,Status,Date,Payer Name,Payer VPA',
        'T2611201,401234567890,₹ 600,SUCCESS,2026-11-20 09:00:00,Sunita,sunita@ybl',
        'T2611202,401234567891,₹ 700,FAILED,2026-11-20 09:05:00,Sunita,sunita@ybl',
      ].join('\n'),
    );
    expect(app.columns).toMatchObject({ reference: 'UTR No', status: 'Status', payer: 'Payer Name' });
    expect(app.lines.map((l) => [l.utr, l.amount_paise, l.payer, l.skip])).toEqual([
      ['401234567890', 60_000, 'Sunita', null],
      ['401234567891', null, 'Sunita', 'Not a completed payment'],
    ]);
  });

  it('refuse a file without a recognisable header or without lines', () => {
    expect(parseStatement('name,phone\nA,1')).toMatchObject({ ok: false });
    expect(parseStatement('UTR,Amount\n')).toEqual({
      ok: false,
      message: 'The statement has a header but no lines',
    });
  });

  it('parse CSV quoting, money and dates the way banks write them', () => {
    expect(parseCsv('\uFEFFa,"b ""x"", c",d\r\n1,2,3')).toEqual([
      ['a', 'b "x", c', 'd'],
      ['1', '2', '3'],
    ]);
    expect(parseRupees('1,00,000.5')).toEqual({ paise: 10_000_050, negative: false, side: null });
    expect(parseRupees('(250.00)')).toEqual({ paise: 25_000, negative: true, side: null });
    expect(parseRupees('Rs. 99 Dr')).toEqual({ paise: 9_900, negative: false, side: 'dr' });
    expect(parseRupees('1.234')).toBeNull();
    expect(parseRupees('abc')).toBeNull();
    expect(parseStatementDate('05/01/2026')).toBe('2026-01-05');
    expect(parseStatementDate('5-Jan-26')).toBe('2026-01-05');
    expect(parseStatementDate('31/02/2026')).toBeNull();
    expect(parseStatementDate('yesterday')).toBeNull();
    expect(findUtr('UPI/1234567890123/x')).toBeNull();
    expect(findUtr('ref 123456789012 ok')).toBe('123456789012');
  });
});
