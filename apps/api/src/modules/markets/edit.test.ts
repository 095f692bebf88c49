/**
 * Markets and schedules for operators (issue 15) over HTTP, with the injected clock at the edges: a change
 * applies from the next draw and reaches the player app at once; a change that would move or cancel a day
 * whose draws have bids is refused (409); a bid checked against a timetable that changed under it is refused;
 * an off day has no draw (list, bids, results board); every change is audited with before and after.
 */
import { scheduleMessages } from '@gama/core/rules/schedule-edit';
import { bidMessages } from '@gama/core/rules/messages';
import { describe, expect, it } from 'vitest';
import { snapshot, suiteApp, countOf } from '../../../test/helpers.ts';
import { auditRowsOf } from '../../../test/console.ts';
import { admin, balanceOf, fund, operatorToken } from '../../../test/money.ts';
import { seedMarket } from '../../seed/markets.ts';

/** 2026-11-20 is a Friday (weekday 5). */
const IST = (hhmm: string, day = '2026-11-20') => `${day}T${hhmm}:00+05:30`;
const bidDate = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  const month = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, 1)).toLocaleString('en', { month: 'long' });
  return `${d}-${month}-${y}`;
};

interface MarketJson {
  status: boolean;
  code?: string;
  msg?: string;
  market: {
    id: number;
    name: string;
    active: boolean;
    schedule_rev: number;
    schedule: { offDates?: Record<string, string>; lastDate?: string; firstDate?: string };
  };
  market_date: string;
  days: {
    date: string;
    no_draw: string | null;
    note: string | null;
    draws: string;
    bids: number;
    held: boolean;
  }[];
}

let owner: string;
let player: { id: number; token: string };

const t = suiteApp({ now: IST('08:00'), ledger: true }, async () => {
  owner = await operatorToken(t, 'owner');
  player = await t.player();
  await fund(t, player, owner, 10_000);
});

const get = (id: number, token = owner) => admin<MarketJson>(t, token, 'GET', `/admin-api/markets/${id}`);
const timetable = (id: number, body: Record<string, unknown>, token = owner) =>
  admin<MarketJson>(t, token, 'POST', `/admin-api/markets/${id}/timetable`, body);
const patch = (id: number, body: Record<string, unknown>) =>
  admin<MarketJson>(t, owner, 'PATCH', `/admin-api/markets/${id}`, body);
const everyDay = (open: string, close?: string, off: number[] = []) =>
  Array.from({ length: 7 }, (_, d) => ({
    active: !off.includes(d),
    open_time: open,
    ...(close ? { close_time: close } : {}),
  }));

/** A timetable that opens at `open` and closes at `close` on every day of the week. */
const daily = (open: string, close: string) => ({
  open_time: open,
  close_time: close,
  days: everyDay(open, close),
});

async function bid(
  market: number,
  session: 'open' | 'close' = 'open',
  day = '2026-11-20',
  group: 'main' | 'starline' = 'main',
) {
  return t.post(
    group === 'main' ? '/api-submit-bid' : '/api-starline-submit-bid',
    {
      game_id: market,
      new_result: {
        pana: 'Single Digit',
        bid_date: bidDate(day),
        session,
        result: [{ digits: '6', points: 10, session }],
      },
    },
    { token: player.token },
  );
}

async function listRow(id: number, path = '/api-main-game') {
  const res = await t.post<{
    result: { game_id: number; open_time: string; close_time: string; msg_status: number }[];
  }>(path);
  return res.json.result.find((r) => r.game_id === id);
}

describe('markets and schedules', () => {
  it('answer a market with its timetable and the next 14 days; a timetable change applies at once, reaches the player list and is audited', async () => {
    t.clock.set(IST('08:00'));
    const id = await seedMarket(t.db, {
      name: 'EDIT DAY',
      open: '10:00 AM',
      close: '12:00 PM',
      daysOff: [0],
    });
    const read = await get(id);
    expect(read.statusCode).toBe(200);
    expect(read.json.market).toMatchObject({ id, name: 'EDIT DAY', active: true, schedule_rev: 1 });
    expect(read.json.market_date).toBe('2026-11-20');
    expect(read.json.days).toHaveLength(14);
    expect(read.json.days.slice(0, 3)).toEqual([
      {
        date: '2026-11-20',
        weekday: 5,
        no_draw: null,
        note: null,
        draws: 'open 10:00 AM, close 12:00 PM',
        bids: 0,
        held: false,
      },
      {
        date: '2026-11-21',
        weekday: 6,
        no_draw: null,
        note: null,
        draws: 'open 10:00 AM, close 12:00 PM',
        bids: 0,
        held: false,
      },
      {
        date: '2026-11-22',
        weekday: 0,
        no_draw: 'day_off',
        note: null,
        draws: 'no draw',
        bids: 0,
        held: false,
      },
    ]);

    // The list is cached by the player app's polls; it must follow the change at once.
    expect(await listRow(id)).toMatchObject({ open_time: '10:00 AM', close_time: '12:00 PM', msg_status: 1 });
    const days = everyDay('11:00 AM', '01:00 PM', [0]);
    days[5] = { active: true, open_time: '09:00 AM', close_time: '09:30 AM' };
    const changed = await timetable(id, {
      schedule_rev: 1,
      open_time: '11:00 AM',
      close_time: '01:00 PM',
      days,
    });
    expect(changed.statusCode, JSON.stringify(changed.json)).toBe(200);
    expect(changed.json.market.schedule_rev).toBe(2);
    expect(changed.json.days[0]?.draws).toBe('open 09:00 AM, close 09:30 AM');
    expect(changed.json.days[1]?.draws).toBe('open 11:00 AM, close 01:00 PM');
    expect(await listRow(id)).toMatchObject({ open_time: '09:00 AM', close_time: '09:30 AM', msg_status: 1 });

    const [row] = await auditRowsOf(t, 'market_timetable');
    expect(row?.target_id).toBe(String(id));
    expect(row?.before_state).toMatchObject({
      schedule_rev: 1,
      schedule: { openMinutes: 600, closeMinutes: 720 },
    });
    expect(row?.after_state).toMatchObject({
      schedule_rev: 2,
      schedule: {
        openMinutes: 660,
        closeMinutes: 780,
        days: { 5: { active: true, openMinutes: 540, closeMinutes: 570 } },
      },
    });

    // A page opened before that change sends the old revision: refused, nothing written.
    const before = await snapshot(t.db, ['markets', 'audit_log']);
    const stale = await timetable(id, {
      schedule_rev: 1,
      open_time: '11:00 AM',
      close_time: '02:00 PM',
      days,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json).toEqual({ status: false, code: 'MARKET_STALE', msg: scheduleMessages.stale });
    expect(await snapshot(t.db, ['markets', 'audit_log'])).toEqual(before);
  });

  it('refuse a change that would move or cancel a day whose draws have bids (409), and take it once they are declared', async () => {
    t.clock.set(IST('09:00'));
    const id = await seedMarket(t.db, { name: 'HELD DAY', open: '10:00 AM', close: '12:00 PM' });
    expect((await bid(id)).statusCode).toBe(200);
    const tables = ['markets', 'audit_log'];
    const before = await snapshot(t.db, tables);
    const held = (after: string) =>
      scheduleMessages.held('HELD DAY', '2026-11-20', 'bids', 'open 10:00 AM, close 12:00 PM', after);

    const moved = await timetable(id, { schedule_rev: 1, ...daily('11:00 AM', '12:00 PM') });
    expect(moved.statusCode).toBe(409);
    expect(moved.json).toEqual({
      status: false,
      code: 'SCHEDULE_CONFLICT',
      msg: held('open 11:00 AM, close 12:00 PM'),
    });
    expect(moved.json.msg).toBe(
      "HELD DAY: the draws of 20-November-2026 already have bids, so they keep their times (open 10:00 AM, close 12:00 PM; this change would make it open 11:00 AM, close 12:00 PM). Make the change once that day's results are declared.",
    );
    // Friday off, the market off, today an off day or its last day yesterday: each cancels the day.
    const friday = await timetable(id, {
      schedule_rev: 1,
      open_time: '10:00 AM',
      close_time: '12:00 PM',
      days: everyDay('10:00 AM', '12:00 PM', [5]),
    });
    expect(friday.json).toEqual({ status: false, code: 'SCHEDULE_CONFLICT', msg: held('no draw') });
    for (const body of [{ active: false }, { last_date: '2026-11-19' }]) {
      const res = await patch(id, { schedule_rev: 1, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(res.json.msg).toBe(held('no draw'));
    }
    const off = await admin<MarketJson>(t, owner, 'POST', `/admin-api/markets/${id}/off-dates`, {
      schedule_rev: 1,
      date: '2026-11-20',
      note: 'Gurpurab',
    });
    expect(off.json).toEqual({ status: false, code: 'SCHEDULE_CONFLICT', msg: held('no draw') });
    expect(await snapshot(t.db, tables)).toEqual(before);
    expect((await get(id)).json.days[0]).toMatchObject({ date: '2026-11-20', bids: 1, held: true });

    // Changes that leave the held day as it is go through: another weekday's times, a rename, the order.
    const saturday = everyDay('10:00 AM', '12:00 PM');
    saturday[6] = { active: true, open_time: '03:00 PM', close_time: '05:00 PM' };
    const other = await timetable(id, {
      schedule_rev: 1,
      open_time: '10:00 AM',
      close_time: '12:00 PM',
      days: saturday,
    });
    expect(other.statusCode, JSON.stringify(other.json)).toBe(200);
    expect(other.json.days[1]?.draws).toBe('open 03:00 PM, close 05:00 PM');
    const renamed = await patch(id, { schedule_rev: 2, name: 'HELD DAY 2', sort: 99 });
    expect(renamed.statusCode).toBe(200);
    // A rename does not touch the timetable, so pages holding revision 2 stay current.
    expect(renamed.json.market).toMatchObject({ name: 'HELD DAY 2', schedule_rev: 2 });

    // Declared open and close: the day is done and the change applies from the next draw.
    t.clock.set(IST('10:05'));
    const declare = (half: string, value: string) =>
      admin(t, owner, 'POST', '/admin-api/results/declare', {
        market_id: id,
        date: '2026-11-20',
        half,
        value,
      });
    expect((await declare('open', '123')).statusCode).toBe(200);
    expect((await timetable(id, { schedule_rev: 2, ...daily('11:00 AM', '01:00 PM') })).statusCode).toBe(409);
    t.clock.set(IST('12:05'));
    expect((await declare('close', '456')).statusCode).toBe(200);
    const after = await timetable(id, { schedule_rev: 2, ...daily('11:00 AM', '01:00 PM') });
    expect(after.statusCode, JSON.stringify(after.json)).toBe(200);
    expect(after.json.days.slice(0, 2).map((d) => [d.draws, d.held])).toEqual([
      ['open 11:00 AM, close 01:00 PM', false],
      ['open 11:00 AM, close 01:00 PM', false],
    ]);
  });

  /** Makes the operator change the timetable of `id` just before each of the next `times` bid transactions. */
  async function changeBeforeTransactions(id: number, times: number, days: () => Record<string, unknown>) {
    const original = t.db.transaction.bind(t.db);
    const answers: number[] = [];
    const { rows } = await t.db.query<{ rev: number }>(
      'SELECT schedule_rev AS rev FROM markets WHERE id = $1',
      [id],
    );
    let rev = rows[0]?.rev ?? 0;
    let left = times;
    let changing = false;
    t.db.transaction = async <T>(fn: Parameters<typeof original<T>>[0]): Promise<T> => {
      // The change's own transactions, and every one after the last change, run as they are.
      if (changing || left === 0) return original(fn);
      left--;
      changing = true;
      try {
        answers.push((await timetable(id, { schedule_rev: rev, ...days() })).statusCode);
        rev++;
      } finally {
        changing = false;
      }
      return original(fn);
    };
    return { answers, restore: () => (t.db.transaction = original) };
  }

  it('check a bid again on a timetable that changed before the bid was written, and take it if the new one does', async () => {
    t.clock.set(IST('09:00'));
    const id = await seedMarket(t.db, { name: 'RACE DAY', open: '10:00 AM', close: '12:00 PM' });
    const balance = await balanceOf(t, player.id);
    // The bid reads the market, then opens its transaction: the operator's change commits in between. The
    // transaction sees the revision moved and writes nothing; the bid is judged again on the timetable in force.
    const race = await changeBeforeTransactions(id, 1, () => daily('11:00 AM', '12:00 PM'));
    const taken = await bid(id);
    race.restore();
    expect(race.answers).toEqual([200]);
    expect(taken.statusCode, taken.raw).toBe(200);
    expect(await balanceOf(t, player.id)).toBe(balance - 10 * 100);
    expect(await countOf(t.db, 'SELECT count(*)::int AS n FROM bids WHERE market_id = $1', [id])).toBe(1);
  });

  it('refuse a bid whose timetable changes again while it is judged afresh, and one the new timetable has closed', async () => {
    t.clock.set(IST('09:00'));
    const id = await seedMarket(t.db, { name: 'RACE TWICE', open: '10:00 AM', close: '12:00 PM' });
    const balance = await balanceOf(t, player.id);
    const bidsBefore = await snapshot(t.db, ['bids']);
    let close = 12;
    const race = await changeBeforeTransactions(id, 2, () => {
      close -= 1;
      const until = `${String(close).padStart(2, '0')}:00 ${close >= 12 ? 'PM' : 'AM'}`;
      return { open_time: '09:30 AM', close_time: until, days: everyDay('09:30 AM', until) };
    });
    const refused = await bid(id);
    race.restore();
    expect(race.answers).toEqual([200, 200]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json).toMatchObject({ status: false, msg: scheduleMessages.scheduleChanged });
    expect(await balanceOf(t, player.id)).toBe(balance);
    expect(await snapshot(t.db, ['bids'])).toEqual(bidsBefore);

    // The open session's cut-off moves before the clock: judged again on it, the bid is refused as closed.
    const early = await changeBeforeTransactions(id, 1, () => daily('08:30 AM', '12:00 PM'));
    const closed = await bid(id);
    early.restore();
    expect(closed.statusCode).toBe(400);
    expect(closed.json).toMatchObject({ status: false });
    expect((closed.json as { msg: string }).msg).not.toBe(scheduleMessages.scheduleChanged);
    expect(await balanceOf(t, player.id)).toBe(balance);
    expect(await snapshot(t.db, ['bids'])).toEqual(bidsBefore);

    // Placed again, against the timetable in force, it is still refused: the open session has closed.
    expect((await bid(id)).statusCode).toBe(400);
  });

  it('take a bid under the new timetable and refuse one past the moved cut-off (the minute edges)', async () => {
    t.clock.set(IST('09:00'));
    const id = await seedMarket(t.db, { name: 'EDGE DAY', open: '10:00 AM', close: '12:00 PM' });
    expect((await timetable(id, { schedule_rev: 1, ...daily('09:30 AM', '12:00 PM') })).statusCode).toBe(200);
    t.clock.set(IST('09:29'));
    expect((await bid(id)).statusCode).toBe(200);
    t.clock.set(IST('09:30'));
    const late = await bid(id);
    expect(late.json).toMatchObject({ status: false, msg: bidMessages.openSessionClosed });
    expect((await bid(id, 'close')).statusCode).toBe(200);
  });

  it('an off day has no draw: closed in the list, bids refused, no_draw on the results board; given back, it draws again', async () => {
    t.clock.set(IST('20:00'));
    const id = await seedMarket(t.db, { name: 'HOLIDAY', open: '10:00 AM', close: '12:00 PM' });
    const add = (body: Record<string, unknown>) =>
      admin<MarketJson>(t, owner, 'POST', `/admin-api/markets/${id}/off-dates`, body);
    const past = await add({ schedule_rev: 1, date: '2026-11-19' });
    expect(past.statusCode).toBe(400);
    expect(past.json.msg).toBe(scheduleMessages.offDatePast('2026-11-20'));
    const added = await add({ schedule_rev: 1, date: '2026-11-21', note: 'Diwali' });
    expect(added.statusCode, JSON.stringify(added.json)).toBe(200);
    expect(added.json.market.schedule.offDates).toEqual({ '2026-11-21': 'Diwali' });
    expect(added.json.days[1]).toMatchObject({
      date: '2026-11-21',
      no_draw: 'off_date',
      note: 'Diwali',
      draws: 'no draw',
    });
    const twice = await add({ schedule_rev: 2, date: '2026-11-21' });
    expect(twice.json.msg).toBe(scheduleMessages.offDateTaken('2026-11-21'));
    const [row] = await auditRowsOf(t, 'market_off_date_add');
    expect(row?.after_state).toMatchObject({ schedule: { offDates: { '2026-11-21': 'Diwali' } } });

    t.clock.set(IST('09:00', '2026-11-21'));
    expect(await listRow(id)).toMatchObject({ msg_status: 2 });
    const refused = await bid(id, 'open', '2026-11-21');
    expect(refused.json).toMatchObject({ status: false, msg: bidMessages.bettingClosed });
    const board = await admin<{ markets: { market_id: number; draws: { half: string; state: string }[] }[] }>(
      t,
      owner,
      'GET',
      '/admin-api/results/board?date=2026-11-21',
    );
    expect(board.json.markets.find((m) => m.market_id === id)?.draws.map((d) => d.state)).toEqual([
      'no_draw',
      'no_draw',
    ]);

    const removed = await admin<MarketJson>(
      t,
      owner,
      'DELETE',
      `/admin-api/markets/${id}/off-dates/2026-11-21`,
    );
    expect(removed.statusCode, JSON.stringify(removed.json)).toBe(200);
    expect(removed.json.market.schedule.offDates).toEqual({});
    expect(await listRow(id)).toMatchObject({ msg_status: 1 });
    expect((await bid(id, 'open', '2026-11-21')).statusCode).toBe(200);
    const missing = await admin<MarketJson>(
      t,
      owner,
      'DELETE',
      `/admin-api/markets/${id}/off-dates/2026-11-21`,
    );
    expect(missing.json.msg).toBe(scheduleMessages.offDateMissing('2026-11-21'));
  });

  it('a Starline slot added from a date on and removed from a date on draws only in between', async () => {
    t.clock.set(IST('08:00', '2026-11-23'));
    // Sessions end after days; this test's days are later than the others'.
    owner = await operatorToken(t, 'owner');
    player = await t.player();
    await fund(t, player, owner, 1_000);
    const id = await seedMarket(t.db, { group: 'starline', name: 'SLOT 11 AM', open: '11:00 AM' });
    const bounded = await patch(id, { schedule_rev: 1, first_date: '2026-11-24', last_date: '2026-11-25' });
    expect(bounded.statusCode, JSON.stringify(bounded.json)).toBe(200);
    expect(bounded.json.days.slice(0, 4).map((d) => [d.date, d.no_draw, d.draws])).toEqual([
      ['2026-11-23', 'before_first_date', 'no draw'],
      ['2026-11-24', null, 'draw 11:00 AM'],
      ['2026-11-25', null, 'draw 11:00 AM'],
      ['2026-11-26', 'after_last_date', 'no draw'],
    ]);
    expect(await listRow(id, '/api-starline-game')).toMatchObject({ msg_status: 2 });
    expect((await bid(id, 'open', '2026-11-23', 'starline')).json).toMatchObject({
      msg: bidMessages.bettingClosed,
    });
    t.clock.set(IST('10:59', '2026-11-24'));
    owner = await operatorToken(t, 'owner');
    player = await t.player();
    await fund(t, player, owner, 1_000);
    expect((await bid(id, 'open', '2026-11-24', 'starline')).statusCode).toBe(200);
    // Its last day has a bid now; ending the slot before it is refused, ending it after is not.
    const early = await patch(id, { schedule_rev: 2, first_date: null, last_date: '2026-11-23' });
    expect(early.statusCode).toBe(409);
    expect(early.json.msg).toBe(
      scheduleMessages.held('SLOT 11 AM', '2026-11-24', 'bids', 'draw 11:00 AM', 'no draw'),
    );
    const order = await patch(id, { schedule_rev: 2, first_date: '2026-11-26', last_date: '2026-11-25' });
    expect(order.json.msg).toBe(scheduleMessages.datesOrder);
    expect(
      (await patch(id, { schedule_rev: 2, last_date: null })).json.market.schedule.lastDate,
    ).toBeUndefined();

    // A new slot can start on a later day from its creation: no bid is ever taken before it.
    const created = await admin<{ market_id: number }>(t, owner, 'POST', '/admin-api/markets', {
      group: 'starline',
      name: 'SLOT 04 PM',
      open_time: '04:00 PM',
      first_date: '2026-11-26',
    });
    expect(created.statusCode, JSON.stringify(created.json)).toBe(200);
    const slot = await get(created.json.market_id);
    expect(slot.json.market.schedule.firstDate).toBe('2026-11-26');
    expect(slot.json.days.slice(0, 3).map((d) => [d.date, d.no_draw, d.draws])).toEqual([
      ['2026-11-24', 'before_first_date', 'no draw'],
      ['2026-11-25', 'before_first_date', 'no draw'],
      ['2026-11-26', null, 'draw 04:00 PM'],
    ]);
    expect(await listRow(created.json.market_id, '/api-starline-game')).toMatchObject({ msg_status: 2 });
    const badDate = await admin<{ msg: string }>(t, owner, 'POST', '/admin-api/markets', {
      group: 'starline',
      name: 'SLOT 05 PM',
      open_time: '05:00 PM',
      first_date: '26-11-2026',
    });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json.msg).toBe(scheduleMessages.badDate);
  });

  it('refuse bad input with clear messages, a taken name (409), an unknown market (404) and roles without markets.manage (403)', async () => {
    t.clock.set(IST('08:00', '2026-11-23'));
    const id = await seedMarket(t.db, { name: 'RULES', open: '10:00 AM', close: '12:00 PM' });
    await seedMarket(t.db, { name: 'TAKEN', open: '10:00 AM', close: '12:00 PM' });
    const before = await snapshot(t.db, ['markets']);
    const cases: [Record<string, unknown>, string][] = [
      [
        { schedule_rev: 1, open_time: '10:00 AM', close_time: '10:00 AM', days: everyDay('10:00 AM') },
        scheduleMessages.sameTimes('Every day'),
      ],
      [{ schedule_rev: 1, open_time: '10:00 AM', days: everyDay('10:00 AM') }, scheduleMessages.closeNeeded],
      [
        {
          schedule_rev: 1,
          open_time: '10:00 AM',
          close_time: '12:00 PM',
          days: everyDay('10:00 AM', '12:00 PM').slice(1),
        },
        scheduleMessages.sevenDays,
      ],
      [
        {
          schedule_rev: 1,
          open_time: '10:00 AM',
          close_time: '12:00 PM',
          days: everyDay('10:00 AM', '12:00 PM', [0, 1, 2, 3, 4, 5, 6]),
        },
        scheduleMessages.noDay,
      ],
      [
        {
          schedule_rev: 1,
          open_time: '25:00 AM',
          close_time: '12:00 PM',
          days: everyDay('10:00 AM', '12:00 PM'),
        },
        'times are like 03:45 PM',
      ],
    ];
    const wednesday = everyDay('10:00 AM', '12:00 PM');
    wednesday[3] = { active: true, open_time: '01:00 PM', close_time: '01:00 PM' };
    cases.push([
      { schedule_rev: 1, open_time: '10:00 AM', close_time: '12:00 PM', days: wednesday },
      scheduleMessages.sameTimes('Wednesday'),
    ]);
    for (const [body, msg] of cases) {
      const res = await timetable(id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json.msg).toBe(msg);
    }
    expect((await patch(id, { schedule_rev: 1 })).json.msg).toBe(scheduleMessages.nothingToChange);
    const taken = await patch(id, { schedule_rev: 1, name: 'TAKEN' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json.msg).toBe(scheduleMessages.nameTaken);
    expect((await get(999_999)).statusCode).toBe(404);
    for (const role of ['results', 'cashier', 'viewer'] as const) {
      const token = await operatorToken(t, role);
      expect((await get(id, token)).statusCode).toBe(200);
      const res = await timetable(id, { schedule_rev: 1, ...daily('11:00 AM', '12:00 PM') }, token);
      expect(res.statusCode).toBe(403);
      expect(res.json.msg).toBe('You do not have permission to change markets');
    }
    expect(await snapshot(t.db, ['markets'])).toEqual(before);
  });
});
