/** Market and rate builders, shared by the demo seed and the tests. */
import type { MarketGroup, RateField } from '@gama/core/rules/bet-types';
import type { Weekday } from '@gama/core/rules/dates';
import type { MarketSchedule } from '@gama/core/rules/schedule';
import { weeklySchedule } from '@gama/core/rules/schedule';
import { parseClockTime } from '@gama/core/rules/time';
import type { Queryable } from '../db/database.ts';
import { createMarket } from '../modules/markets/repository.ts';
import { recordRateVersion } from '../modules/rates/service.ts';

export interface MarketSpec {
  group?: MarketGroup;
  name?: string;
  /** 12-hour text, e.g. "03:45 PM". */
  open?: string;
  close?: string;
  daysOff?: Weekday[];
  /** Per-weekday times that differ from the defaults. */
  special?: Partial<Record<Weekday, { open: string; close: string }>>;
  active?: boolean;
  sort?: number;
  timeZone?: string;
  now?: Date;
}

let counter = 0;

function minutes(text: string): number {
  const m = parseClockTime(text);
  if (m === null) throw new Error(`bad clock time ${text}`);
  return m;
}

export function scheduleOf(spec: MarketSpec): MarketSchedule {
  const open = spec.open ?? '10:00 AM';
  const schedule = weeklySchedule({
    timeZone: spec.timeZone ?? 'Asia/Kolkata',
    openMinutes: minutes(open),
    closeMinutes: minutes(spec.close ?? open),
    daysOff: spec.daysOff ?? [],
  });
  for (const [day, times] of Object.entries(spec.special ?? {})) {
    if (!times) continue;
    const weekday = Number(day) as Weekday;
    schedule.days[weekday] = {
      active: true,
      openMinutes: minutes(times.open),
      closeMinutes: minutes(times.close),
    };
  }
  return schedule;
}

export async function seedMarket(db: Queryable, spec: MarketSpec = {}): Promise<number> {
  counter += 1;
  return createMarket(db, {
    group: spec.group ?? 'main',
    name: spec.name ?? `Market ${counter}`,
    schedule: scheduleOf(spec),
    active: spec.active ?? true,
    sort: spec.sort ?? counter,
    now: spec.now ?? new Date(),
  });
}

export const demoRates: Record<MarketGroup, Record<string, [number, number]>> = {
  main: {
    single_digit: [10, 95],
    jodi_digit: [10, 950],
    single_pana: [10, 1400],
    double_pana: [10, 2800],
    tripple_pana: [10, 8000],
    half_sangam: [10, 10000],
    full_sangam: [10, 100000],
  },
  starline: {
    single_digit: [10, 95],
    single_pana: [10, 1400],
    double_pana: [10, 2800],
    tripple_pana: [10, 8000],
  },
  // Gali reuses the Starline field names: single_digit = Left, single_pana = Right, double_pana = Jodi.
  gali: { single_digit: [10, 95], single_pana: [10, 95], double_pana: [10, 950] },
};

/** Writes the rates in force and records each group's set as its next version (by the system). */
export async function seedRates(db: Queryable, now: Date, rates = demoRates): Promise<void> {
  for (const [group, fields] of Object.entries(rates) as [MarketGroup, Record<string, [number, number]>][]) {
    for (const [field, [v1, v2]] of Object.entries(fields)) {
      await db.query(
        `INSERT INTO game_rates (grp, rate_field, val_1, val_2, updated_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (grp, rate_field) DO UPDATE SET val_1 = EXCLUDED.val_1, val_2 = EXCLUDED.val_2, updated_at = EXCLUDED.updated_at`,
        [group, field, v1, v2, now],
      );
    }
    await recordRateVersion(db, group, Object.keys(fields) as RateField[], null, now);
  }
}

/** About ten main markets spread over the day (two closing after midnight), hourly Starline, a few Gali. */
export const demoMarkets: MarketSpec[] = [
  { name: 'MORNING STAR', open: '09:30 AM', close: '10:30 AM' },
  { name: 'SRIDEVI', open: '11:35 AM', close: '12:35 PM' },
  { name: 'TIME BAZAR', open: '01:00 PM', close: '02:00 PM', daysOff: [0] },
  { name: 'MADHUR DAY', open: '01:30 PM', close: '02:30 PM' },
  { name: 'MILAN DAY', open: '03:00 PM', close: '05:00 PM' },
  {
    name: 'KALYAN',
    open: '03:45 PM',
    close: '05:45 PM',
    daysOff: [0],
    special: { 6: { open: '04:00 PM', close: '06:00 PM' } },
  },
  { name: 'SRIDEVI NIGHT', open: '07:00 PM', close: '08:00 PM' },
  { name: 'MILAN NIGHT', open: '09:00 PM', close: '11:00 PM' },
  { name: 'RAJDHANI NIGHT', open: '09:30 PM', close: '11:45 PM', daysOff: [0] },
  { name: 'MAIN BAZAR', open: '09:40 PM', close: '12:05 AM', daysOff: [0] },
  { name: 'NIGHT OWL', open: '11:30 PM', close: '02:30 AM' },
  ...Array.from({ length: 13 }, (_, i): MarketSpec => {
    const hour = 10 + i;
    const text = `${String(hour > 12 ? hour - 12 : hour).padStart(2, '0')}:00 ${hour >= 12 ? 'PM' : 'AM'}`;
    return { group: 'starline', name: text, open: text, close: text };
  }),
  { group: 'gali', name: 'DELHI BAZAR', open: '03:00 PM', close: '03:00 PM' },
  { group: 'gali', name: 'FARIDABAD', open: '06:00 PM', close: '06:00 PM' },
  { group: 'gali', name: 'GHAZIABAD', open: '09:00 PM', close: '09:00 PM' },
  { group: 'gali', name: 'GALI', open: '11:30 PM', close: '11:30 PM' },
];

export async function seedDemoMarkets(db: Queryable, now: Date): Promise<void> {
  let sort = 0;
  for (const spec of demoMarkets) await seedMarket(db, { ...spec, sort: sort++, now });
  await seedRates(db, now);
}
