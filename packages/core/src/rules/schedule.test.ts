import { describe, expect, it } from 'vitest';
import type { BetTypeId } from './bet-types.ts';
import type { Weekday } from './dates.ts';
import { bidMessages as m } from './messages.ts';
import {
  checkBidWindow,
  dayTimes,
  marketDayAt,
  msgStatus,
  weeklySchedule,
  type MarketSchedule,
} from './schedule.ts';
import { marketScheduleSchema } from './schemas.ts';
import type { Session } from './sessions.ts';
import { parseClockTime } from './time.ts';

const ZONE = 'Asia/Kolkata';
/** An instant given as India wall-clock time. 2026-11-16 is a Monday, 2026-11-22 a Sunday. */
const ist = (date: string, time: string) => new Date(`${date}T${time}+05:30`);
const at = (text: string) => parseClockTime(text) ?? NaN;

const window = (schedule: MarketSchedule, betType: BetTypeId, session: Session, now: Date) => {
  const r = checkBidWindow(schedule, betType, session, now);
  return r.ok ? `ok ${r.marketDate}` : r.reason;
};

describe('a day market: open 10:30 AM, close 12:30 PM', () => {
  const market = weeklySchedule({
    timeZone: ZONE,
    openMinutes: at('10:30 AM'),
    closeMinutes: at('12:30 PM'),
  });
  const day = '2026-11-20';

  it('takes open-session bids until the minute before the open time', () => {
    expect(window(market, 'single_digit', 'open', ist(day, '00:00:00'))).toBe('ok 2026-11-20');
    expect(window(market, 'single_digit', 'open', ist(day, '10:29:00'))).toBe('ok 2026-11-20');
    expect(window(market, 'single_digit', 'open', ist(day, '10:29:59.999'))).toBe('ok 2026-11-20');
    expect(window(market, 'single_digit', 'open', ist(day, '10:30:00'))).toBe('open_session_closed');
    expect(checkBidWindow(market, 'single_pana', 'open', ist(day, '11:00:00'))).toEqual({
      ok: false,
      reason: 'open_session_closed',
      message: m.openSessionClosed,
    });
  });

  it('takes close-session bids until the minute before the close time', () => {
    expect(window(market, 'single_digit', 'close', ist(day, '10:30:00'))).toBe('ok 2026-11-20');
    expect(window(market, 'dp_motor', 'close', ist(day, '12:29:59'))).toBe('ok 2026-11-20');
    expect(checkBidWindow(market, 'dp_motor', 'close', ist(day, '12:30:00'))).toEqual({
      ok: false,
      reason: 'close_session_closed',
      message: m.closeSessionClosed,
    });
  });

  it('closes the timed tiles at the open time, whatever the session', () => {
    for (const [betType, session] of [
      ['jodi_digit', 'close'],
      ['half_sangam', 'open'],
      ['half_sangam', 'close'],
      ['full_sangam', 'close'],
    ] as const) {
      expect(window(market, betType, session, ist(day, '10:29:00'))).toBe('ok 2026-11-20');
      expect(checkBidWindow(market, betType, session, ist(day, '10:30:00'))).toEqual({
        ok: false,
        reason: 'betting_closed',
        message: m.bettingClosed,
      });
    }
  });

  it('shows msg_status 1 until the close, then 2', () => {
    expect(msgStatus(market, 'main', ist(day, '00:00:00'))).toBe(1);
    expect(msgStatus(market, 'main', ist(day, '12:29:00'))).toBe(1);
    expect(msgStatus(market, 'main', ist(day, '12:30:00'))).toBe(2);
    expect(msgStatus(market, 'main', ist(day, '23:59:00'))).toBe(2);
  });
});

describe('12:00 AM and 12:00 PM', () => {
  it('an open at 12:00 PM takes bids until 11:59 AM', () => {
    const noon = weeklySchedule({
      timeZone: ZONE,
      openMinutes: at('12:00 PM'),
      closeMinutes: at('01:00 PM'),
    });
    expect(window(noon, 'single_digit', 'open', ist('2026-11-20', '11:59:00'))).toBe('ok 2026-11-20');
    expect(window(noon, 'single_digit', 'open', ist('2026-11-20', '12:00:00'))).toBe('open_session_closed');
  });

  it('an open at 12:00 AM never takes open bids; a close at 12:00 AM is the next midnight', () => {
    const midnight = weeklySchedule({
      timeZone: ZONE,
      openMinutes: at('12:00 AM'),
      closeMinutes: at('12:00 AM'),
    });
    expect(window(midnight, 'single_digit', 'open', ist('2026-11-20', '00:00:00'))).toBe(
      'open_session_closed',
    );
    expect(window(midnight, 'starline_single_digit', 'open', ist('2026-11-20', '00:00:00'))).toBe(
      'betting_closed',
    );
    const lateClose = weeklySchedule({
      timeZone: ZONE,
      openMinutes: at('09:00 PM'),
      closeMinutes: at('12:00 AM'),
    });
    expect(dayTimes(lateClose, 5).closesNextDay).toBe(true);
    expect(window(lateClose, 'single_digit', 'close', ist('2026-11-20', '23:59:00'))).toBe('ok 2026-11-20');
    // At midnight Friday's session is over and Saturday's has begun.
    expect(marketDayAt(lateClose, ist('2026-11-20', '23:59:59')).date).toBe('2026-11-20');
    expect(marketDayAt(lateClose, ist('2026-11-21', '00:00:00')).date).toBe('2026-11-21');
    expect(window(lateClose, 'single_digit', 'close', ist('2026-11-21', '00:00:00'))).toBe('ok 2026-11-21');
  });
});

describe('a market closing after midnight: open 10:00 PM, close 02:00 AM', () => {
  const night = weeklySchedule({ timeZone: ZONE, openMinutes: at('10:00 PM'), closeMinutes: at('02:00 AM') });
  const monday = '2026-11-16';
  const tuesday = '2026-11-17';

  it('bids after midnight and before the close belong to the previous day', () => {
    expect(window(night, 'single_digit', 'open', ist(monday, '21:59:00'))).toBe('ok 2026-11-16');
    expect(window(night, 'single_digit', 'open', ist(monday, '22:00:00'))).toBe('open_session_closed');
    expect(window(night, 'single_digit', 'close', ist(monday, '23:30:00'))).toBe('ok 2026-11-16');
    expect(window(night, 'single_digit', 'close', ist(tuesday, '00:30:00'))).toBe('ok 2026-11-16');
    expect(window(night, 'single_digit', 'open', ist(tuesday, '00:30:00'))).toBe('open_session_closed');
    expect(window(night, 'jodi_digit', 'close', ist(tuesday, '00:30:00'))).toBe('betting_closed');
    expect(window(night, 'single_digit', 'close', ist(tuesday, '01:59:00'))).toBe('ok 2026-11-16');
  });

  it("at the close the new day's session starts", () => {
    expect(window(night, 'single_digit', 'open', ist(tuesday, '02:00:00'))).toBe('ok 2026-11-17');
    expect(window(night, 'single_digit', 'close', ist(tuesday, '02:00:00'))).toBe('ok 2026-11-17');
    expect(marketDayAt(night, ist(tuesday, '01:59:00'))).toMatchObject({
      date: monday,
      weekday: 1,
      minutes: 1559,
    });
    expect(marketDayAt(night, ist(tuesday, '02:00:00'))).toMatchObject({
      date: tuesday,
      weekday: 2,
      minutes: 120,
    });
  });

  it('keeps msg_status 1 through midnight until the close', () => {
    expect(msgStatus(night, 'main', ist(monday, '23:59:00'))).toBe(1);
    expect(msgStatus(night, 'main', ist(tuesday, '01:59:00'))).toBe(1);
    expect(msgStatus(night, 'main', ist(tuesday, '02:00:00'))).toBe(1);
  });

  it("a day off after an overnight day still lets that night's session finish", () => {
    const tuesdayOff = weeklySchedule({ ...night, daysOff: [2] });
    expect(window(tuesdayOff, 'single_digit', 'close', ist(tuesday, '01:59:00'))).toBe('ok 2026-11-16');
    expect(msgStatus(tuesdayOff, 'main', ist(tuesday, '01:59:00'))).toBe(1);
    expect(window(tuesdayOff, 'single_digit', 'close', ist(tuesday, '02:00:00'))).toBe('market_closed_today');
    expect(msgStatus(tuesdayOff, 'main', ist(tuesday, '02:00:00'))).toBe(2);
  });

  it('a day off before does not reach past midnight', () => {
    const mondayOff = weeklySchedule({ ...night, daysOff: [1] });
    expect(window(mondayOff, 'single_digit', 'close', ist(tuesday, '00:30:00'))).toBe('ok 2026-11-17');
    expect(window(mondayOff, 'single_digit', 'open', ist(tuesday, '00:30:00'))).toBe('ok 2026-11-17');
  });

  it('wraps from Saturday night into Sunday', () => {
    expect(window(night, 'single_digit', 'close', ist('2026-11-22', '01:00:00'))).toBe('ok 2026-11-21');
  });
});

describe('days off and special days', () => {
  const days = {} as Record<Weekday, { active: boolean; openMinutes?: number; closeMinutes?: number }>;
  for (const d of [0, 1, 2, 3, 4, 5, 6] as const) days[d] = { active: true };
  days[0] = { active: false };
  days[6] = { active: true, openMinutes: at('09:00 AM'), closeMinutes: at('11:00 AM') };
  const market: MarketSchedule = {
    timeZone: ZONE,
    openMinutes: at('10:30 AM'),
    closeMinutes: at('12:30 PM'),
    days,
  };

  it('refuses every bid and shows closed on a day off', () => {
    for (const time of ['00:00:00', '09:00:00', '23:59:00']) {
      expect(checkBidWindow(market, 'single_digit', 'open', ist('2026-11-22', time))).toEqual({
        ok: false,
        reason: 'market_closed_today',
        message: m.bettingClosed,
      });
      expect(msgStatus(market, 'main', ist('2026-11-22', time))).toBe(2);
    }
  });

  it("uses a special day's own times", () => {
    const saturday = '2026-11-21';
    expect(window(market, 'single_digit', 'open', ist(saturday, '08:59:00'))).toBe('ok 2026-11-21');
    expect(window(market, 'single_digit', 'open', ist(saturday, '09:00:00'))).toBe('open_session_closed');
    expect(window(market, 'single_digit', 'close', ist(saturday, '10:59:00'))).toBe('ok 2026-11-21');
    expect(window(market, 'single_digit', 'close', ist(saturday, '11:00:00'))).toBe('close_session_closed');
    expect(msgStatus(market, 'main', ist(saturday, '11:00:00'))).toBe(2);
    // An ordinary weekday keeps the defaults.
    expect(window(market, 'single_digit', 'open', ist('2026-11-20', '10:29:00'))).toBe('ok 2026-11-20');
  });

  it('a special day can override just one of the times', () => {
    const late = { ...market, days: { ...days, 5: { active: true, closeMinutes: at('01:00 PM') } } };
    expect(dayTimes(late, 5)).toEqual({
      active: true,
      openMinutes: 630,
      closeMinutes: 780,
      closesNextDay: false,
    });
  });

  it('treats a weekday missing from stored JSON as a day off', () => {
    const partial = JSON.parse(
      '{"timeZone":"Asia/Kolkata","openMinutes":630,"closeMinutes":750,"days":{}}',
    ) as MarketSchedule;
    expect(dayTimes(partial, 3).active).toBe(false);
  });
});

describe('Starline and Gali: one time per day', () => {
  const slot = weeklySchedule({ timeZone: ZONE, openMinutes: at('10:00 AM'), closeMinutes: at('10:00 AM') });

  it.each(['starline_single_digit', 'starline_triple_pana', 'gali_left_digit', 'gali_jodi_digit'] as const)(
    '%s takes bids only while now < the time',
    (betType) => {
      expect(window(slot, betType, 'open', ist('2026-11-20', '09:59:00'))).toBe('ok 2026-11-20');
      expect(checkBidWindow(slot, betType, 'open', ist('2026-11-20', '10:00:00'))).toEqual({
        ok: false,
        reason: 'betting_closed',
        message: m.bettingClosed,
      });
    },
  );

  it('msg_status is 1 before the time and 2 from it', () => {
    for (const group of ['starline', 'gali'] as const) {
      expect(msgStatus(slot, group, ist('2026-11-20', '09:59:00'))).toBe(1);
      expect(msgStatus(slot, group, ist('2026-11-20', '10:00:00'))).toBe(2);
    }
  });

  it('never reaches back to the previous day, whatever closeMinutes says', () => {
    const odd = weeklySchedule({ timeZone: ZONE, openMinutes: at('05:00 AM'), closeMinutes: at('01:00 AM') });
    expect(marketDayAt(odd, ist('2026-11-20', '00:30:00'), 'gali').date).toBe('2026-11-20');
    expect(window(odd, 'gali_left_digit', 'open', ist('2026-11-20', '00:30:00'))).toBe('ok 2026-11-20');
  });
});

describe('time zone', () => {
  it('reads wall-clock times in the schedule zone', () => {
    const utcMarket = weeklySchedule({
      timeZone: 'UTC',
      openMinutes: at('10:30 AM'),
      closeMinutes: at('12:30 PM'),
    });
    // 10:29 UTC is 15:59 in India: open in the UTC market.
    expect(window(utcMarket, 'single_digit', 'open', new Date('2026-11-20T10:29:00Z'))).toBe('ok 2026-11-20');
    expect(window(utcMarket, 'single_digit', 'open', new Date('2026-11-20T10:30:00Z'))).toBe(
      'open_session_closed',
    );
  });
});

describe('marketScheduleSchema', () => {
  it('accepts a stored schedule and rejects bad zones, minutes and missing days', () => {
    const good = weeklySchedule({ timeZone: ZONE, openMinutes: 630, closeMinutes: 750, daysOff: [0] });
    const roundTripped = marketScheduleSchema.parse(JSON.parse(JSON.stringify(good)));
    expect(roundTripped).toEqual(JSON.parse(JSON.stringify(good)));
    expect(window(roundTripped, 'single_digit', 'open', ist('2026-11-20', '10:29:00'))).toBe('ok 2026-11-20');
    expect(marketScheduleSchema.safeParse({ ...good, timeZone: 'Mars/Olympus' }).success).toBe(false);
    expect(marketScheduleSchema.safeParse({ ...good, openMinutes: 1440 }).success).toBe(false);
    expect(marketScheduleSchema.safeParse({ ...good, closeMinutes: 1.5 }).success).toBe(false);
    expect(marketScheduleSchema.safeParse({ ...good, days: { ...good.days, 3: undefined } }).success).toBe(
      false,
    );
  });
});
