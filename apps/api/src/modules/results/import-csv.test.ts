/**
 * The console's import of past results (issue 31 item 4, decision 032): a preview writes nothing and names
 * every bad line; the import records the good lines once, is audited, and an export imports back unchanged.
 */
import { describe, expect, it } from 'vitest';
import type { ImportResponse } from '@gama/core/endpoints/results/index';
import { importCsvMessages, resultMessages } from '@gama/core/endpoints/results/index';
import { suiteApp } from '../../../test/helpers.ts';
import { IST } from '../../../test/desk.ts';
import { operatorToken } from '../../../test/money.ts';
import { seedMarket } from '../../seed/markets.ts';
import { csvMessages } from './import-csv.ts';

let owner: string;
let main: number;
let gali: number;

const t = suiteApp({ now: IST('09:00'), ledger: true }, async () => {
  owner = await operatorToken(t);
  // Sundays off; 2026-11-15 is a Sunday, and the clock stands at 09:00 on Friday 2026-11-20.
  main = await seedMarket(t.db, { name: 'CSV MAIN', open: '10:00 AM', close: '12:00 PM', daysOff: [0] });
  gali = await seedMarket(t.db, { name: 'CSV GALI', group: 'gali', open: '05:00 PM', close: '05:00 PM' });
});

const MAIN_CSV = [
  'date,open,close',
  '2026-11-16,123,456',
  '17-11-2026,128,',
  '',
  '2026-11-15,137,245',
  '2026-11-18,321,456',
  '2026-11-18',
  '2026-13-01,123,456',
  '2026-11-20,123,456',
  '2026-11-19,,456',
].join('\r\n');

const send = (path: string, body: Record<string, unknown>, token = owner) =>
  t.post<ImportResponse & { msg?: string }>(path, body, { token });
const results = async () =>
  (
    await t.db.query<{ id: number; market_id: number; market_date: string; half: string; value: string }>(
      `SELECT id, market_id, to_char(market_date, 'YYYY-MM-DD') AS market_date, half, value FROM results ORDER BY id`,
    )
  ).rows;
const get = (url: string, token = owner) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

describe('results import from CSV', () => {
  it('previews every line without writing anything, naming each bad line and why', async () => {
    const before = await results();
    const res = await send('/admin-api/results/import/preview', { market_id: main, csv: MAIN_CSV });
    expect(res.statusCode).toBe(200);
    expect(await results()).toEqual(before);
    expect(res.json.format).toBe('date,open,close');
    expect(res.json.lines.map((l) => [l.line, l.state, l.msg])).toEqual([
      [2, 'ok', null],
      [3, 'ok', null],
      [5, 'refused', resultMessages.noDraw],
      [6, 'refused', `open: ${resultMessages.badPana}`],
      [7, 'refused', csvMessages.columns('date,open,close')],
      [8, 'refused', csvMessages.date],
      [9, 'refused', `open: ${resultMessages.tooEarly}`],
      [10, 'refused', `close: ${resultMessages.openFirst}`],
    ]);
    expect(res.json.lines[1]?.date).toBe('2026-11-17');
    expect(res.json.counts).toEqual({ ok: 2, recorded: 0, unchanged: 0, refused: 6 });
  });

  it('imports the good lines, audited once, and a second run is all unchanged', async () => {
    const res = await send('/admin-api/results/import', { market_id: main, csv: MAIN_CSV });
    expect(res.statusCode).toBe(200);
    expect(res.json.counts).toEqual({ ok: 0, recorded: 2, unchanged: 0, refused: 6 });
    const mine = (await results()).filter((r) => r.market_id === main);
    expect(mine.map((r) => [r.market_date, r.half, r.value])).toEqual([
      ['2026-11-16', 'open', '123'],
      ['2026-11-16', 'close', '456'],
      ['2026-11-17', 'open', '128'],
    ]);
    const again = await send('/admin-api/results/import', { market_id: main, csv: MAIN_CSV });
    expect(again.json.counts).toEqual({ ok: 0, recorded: 0, unchanged: 2, refused: 6 });
    expect((await results()).filter((r) => r.market_id === main)).toHaveLength(3);

    const { rows } = await t.db.query<{
      target_id: string;
      detail: { outcome: { counts: unknown; refused: string[] } };
    }>("SELECT target_id, detail FROM audit_log WHERE action = 'results_import' ORDER BY id");
    expect(rows).toHaveLength(2);
    expect(rows[0]?.target_id).toBe(String(main));
    expect(rows[0]?.detail.outcome.counts).toEqual({ ok: 0, recorded: 2, unchanged: 0, refused: 6 });
    expect(rows[0]?.detail.outcome.refused[0]).toBe(`5: ${resultMessages.noDraw}`);
  });

  it('refuses a different value for a declared day, and shows the imported days on the chart', async () => {
    const res = await send('/admin-api/results/import/preview', {
      market_id: main,
      csv: '2026-11-16,123,457\n2026-11-16,124,456',
    });
    expect(res.json.lines.map((l) => [l.state, l.msg])).toEqual([
      ['refused', `close: ${resultMessages.alreadyDeclared}`],
      ['refused', `open: ${resultMessages.alreadyDeclared}`],
    ]);
    const chart = await t.post<{ markets: { days: { date: string; open: string | null }[] }[] }>(
      '/api-market-chart',
      { group: 'main', game_id: main },
    );
    const day = chart.json.markets[0]?.days.find((d) => d.date === '2026-11-16');
    expect(day?.open).toBe('123');
  });

  it('exports in the same format, and the export imports back as all unchanged', async () => {
    const csv = await get(`/admin-api/results/export?market_id=${main}&from=2026-11-01&to=2026-11-20`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(
      csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/),
    ).toEqual(['date,open,close', '2026-11-16,123,456', '2026-11-17,128,']);
    const back = await send('/admin-api/results/import', { market_id: main, csv: csv.body });
    expect(back.json.counts).toEqual({ ok: 0, recorded: 0, unchanged: 2, refused: 0 });

    const galiCsv = '2026-11-18,07\n2026-11-19,7\n2026-11-17,12,34';
    const imported = await send('/admin-api/results/import', { market_id: gali, csv: galiCsv });
    expect(imported.json.lines.map((l) => [l.state, l.msg])).toEqual([
      ['recorded', null],
      ['refused', resultMessages.badGali],
      ['refused', csvMessages.columns('date,result')],
    ]);
    const json = await get(`/admin-api/results/export?market_id=${gali}&format=json`);
    expect(json.json()).toEqual({ status: true, csv: '\uFEFFdate,result\r\n2026-11-18,07\r\n' });
  });

  it('refuses empty, too large, an unknown market, a cashier, and a non-owner under the two-person rule', async () => {
    const before = await results();
    const empty = await send('/admin-api/results/import/preview', { market_id: main, csv: ' \n ' });
    expect([empty.statusCode, empty.json.msg]).toEqual([400, importCsvMessages.empty]);
    const long = Array.from({ length: 2001 }, () => '2026-11-16,123,456').join('\n');
    const large = await send('/admin-api/results/import', { market_id: main, csv: long });
    expect([large.statusCode, large.json.msg]).toEqual([400, importCsvMessages.tooLarge]);
    const wide = await send('/admin-api/results/import', { market_id: main, csv: 'x'.repeat(200_001) });
    expect([wide.statusCode, wide.json.msg]).toEqual([400, importCsvMessages.tooLarge]);
    const unknown = await send('/admin-api/results/import', {
      market_id: 999_999,
      csv: '2026-11-16,123,456',
    });
    expect([unknown.statusCode, unknown.json.msg]).toEqual([404, resultMessages.marketNotFound]);

    const cashier = await operatorToken(t, 'cashier');
    const refused = await send(
      '/admin-api/results/import',
      { market_id: main, csv: '2026-11-18,137,' },
      cashier,
    );
    expect(refused.statusCode).toBe(403);
    expect((await get(`/admin-api/results/export?market_id=${main}`, cashier)).statusCode).toBe(403);

    const desk = await operatorToken(t, 'results');
    const settings = await t.app.inject({
      method: 'PATCH',
      url: '/admin-api/settings',
      headers: { authorization: `Bearer ${owner}` },
      payload: { results_two_person: true },
    });
    expect(settings.statusCode).toBe(200);
    const twoPerson = await send(
      '/admin-api/results/import',
      { market_id: main, csv: '2026-11-18,137,' },
      desk,
    );
    expect([twoPerson.statusCode, twoPerson.json.msg]).toEqual([403, importCsvMessages.twoPerson]);
    expect(await results()).toEqual(before);
    const byOwner = await send('/admin-api/results/import', { market_id: main, csv: '2026-11-18,137,' });
    expect(byOwner.json.counts.recorded).toBe(1);
    const { rows } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'results_import_refused'",
    );
    expect(rows[0]?.n).toBeGreaterThanOrEqual(3);
  });
});
