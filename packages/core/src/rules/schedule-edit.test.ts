import { describe, expect, it } from 'vitest';
import type { MarketSchedule } from './schedule.ts';
import { checkBidWindow, dayOn, marketDayAt, weeklySchedule } from './schedule.ts';
import {
  addOffDate,
  applyTimetable,
  daysAhead,
  describeDay,
  heldDayConflict,
  removeOffDate,
  scheduleMessages,
  setMarketDates,
  timetableOf,
} from './schedule-edit.ts';

const ZONE = 'Asia/Kolkata';
/** 10:00 AM to 12:00 PM, Sundays off. 2026-11-20 is a Friday, 2026-11-22 a Sunday. */
const base = weeklySchedule({ timeZone: ZONE, openMinutes: 600, closeMinutes: 720, daysOff: [0] });
const edited = (edit: ReturnType<typeof applyTimetable>): MarketSchedule => {
  if (!edit.ok) throw new Error(edit.message);
  return edit.schedule;
};

describe('applyTimetable and timetableOf', () => {
  it('round-trip: the form of a schedule gives the same schedule back', () => {
    const friday = { ...timetableOf('main', base) };
    expect(friday.open_time).toBe('10:00 AM');
    expect(friday.days[0]).toEqual({ active: false, open_time: '10:00 AM', close_time: '12:00 PM' });
    expect(edited(applyTimetable('main', base, friday))).toEqual(base);
  });

  it('store a weekday only where it differs, so changing the defaults moves the days that follow them', () => {
    const form = timetableOf('main', base);
    const days = form.days.map((d, i) => (i === 5 ? { ...d, close_time: '11:00 PM' } : d));
    const once = edited(applyTimetable('main', base, { ...form, days }));
    expect(once.days[5]).toEqual({ active: true, closeMinutes: 1380 });
    const moved = edited(
      applyTimetable('main', once, { ...timetableOf('main', once), open_time: '09:00 AM' }),
    );
    // The form filled every day with 10:00 AM, which now differs from the default: it stays pinned.
    expect(dayOn(moved, '2026-11-20').openMinutes).toBe(600);
    const all = edited(
      applyTimetable('main', once, {
        open_time: '09:00 AM',
        close_time: '12:00 PM',
        days: once.days && Object.values(once.days).map((d) => ({ active: d.active })),
      }),
    );
    expect(dayOn(all, '2026-11-21')).toMatchObject({ openMinutes: 540, closeMinutes: 720 });
  });

  it('take a close after midnight (the market day runs past it) and refuse a close at the open', () => {
    const night = edited(
      applyTimetable('main', base, {
        open_time: '09:00 PM',
        close_time: '01:00 AM',
        days: Array.from({ length: 7 }, () => ({ active: true })),
      }),
    );
    const at0030 = new Date('2026-11-21T00:30:00+05:30');
    expect(marketDayAt(night, at0030).date).toBe('2026-11-20');
    expect(checkBidWindow(night, 'single_digit', 'close', at0030)).toEqual({
      ok: true,
      marketDate: '2026-11-20',
    });
    expect(describeDay('main', { schedule: night, active: true }, '2026-11-20')).toBe(
      'open 09:00 PM, close 01:00 AM (next day)',
    );
    const same = applyTimetable('main', base, { open_time: '09:00 PM', close_time: '09:00 PM', days: [] });
    expect(same).toEqual({ ok: false, message: scheduleMessages.sameTimes('Every day') });
  });

  it('Starline and Gali draw at their open time: the close follows it', () => {
    const slot = edited(
      applyTimetable('starline', base, {
        open_time: '03:00 PM',
        days: timetableOf('starline', base).days.map((d) => ({ active: d.active })),
      }),
    );
    expect(slot.closeMinutes).toBe(900);
    expect(describeDay('starline', { schedule: slot, active: true }, '2026-11-20')).toBe('draw 03:00 PM');
  });
});

describe('off days and market dates', () => {
  it('an off day has no draw and drops off once past; bounds take days away at either end', () => {
    const off = edited(addOffDate(base, '2026-11-21', ' Diwali ', '2026-11-20'));
    expect(off.offDates).toEqual({ '2026-11-21': 'Diwali' });
    expect(dayOn(off, '2026-11-21').active).toBe(false);
    expect(checkBidWindow(off, 'single_digit', 'open', new Date('2026-11-21T09:00:00+05:30')).ok).toBe(false);
    const later = edited(addOffDate(off, '2026-11-28', '', '2026-11-25'));
    expect(later.offDates).toEqual({ '2026-11-28': '' });
    expect(addOffDate(off, '2026-11-19', '', '2026-11-20')).toEqual({
      ok: false,
      message: scheduleMessages.offDatePast('2026-11-20'),
    });
    expect(edited(removeOffDate(off, '2026-11-21')).offDates).toEqual({});

    const bounded = edited(setMarketDates(base, { first: '2026-11-21', last: '2026-11-24' }));
    expect(
      daysAhead('main', { schedule: bounded, active: true }, '2026-11-20', 6).map((d) => d.no_draw),
    ).toEqual(['before_first_date', null, 'day_off', null, null, 'after_last_date']);
    expect(setMarketDates(bounded, { first: '2026-11-25' })).toEqual({
      ok: false,
      message: scheduleMessages.datesOrder,
    });
  });
});

describe('heldDayConflict', () => {
  const market = { schedule: base, active: true };
  const held = [{ date: '2026-11-20', has: 'bids' as const }];
  it('refuse a change that moves or cancels a held day, pass one that leaves it as it is', () => {
    const later = edited(
      applyTimetable('main', base, { ...timetableOf('main', base), open_time: '11:00 AM' }),
    );
    // Every weekday was filled in by the form at 10:00 AM: nothing moves.
    expect(heldDayConflict('main', 'M', market, { schedule: later, active: true }, held)).toBeNull();
    const moved = edited(
      applyTimetable('main', base, {
        open_time: '11:00 AM',
        close_time: '12:00 PM',
        days: Object.values(base.days).map((d) => ({ active: d.active })),
      }),
    );
    expect(heldDayConflict('main', 'M', market, { schedule: moved, active: true }, held)).toBe(
      scheduleMessages.held(
        'M',
        '2026-11-20',
        'bids',
        'open 10:00 AM, close 12:00 PM',
        'open 11:00 AM, close 12:00 PM',
      ),
    );
    expect(heldDayConflict('main', 'M', market, { schedule: base, active: false }, held)).toContain(
      'make it no draw',
    );
    expect(heldDayConflict('main', 'M', market, { schedule: moved, active: true }, [])).toBeNull();
  });
});
