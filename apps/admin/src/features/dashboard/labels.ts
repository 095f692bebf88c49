import { marketTimeZone } from '../../lib/market-clock.ts';

export const groupNames = { main: 'Main', starline: 'Starline', gali: 'Gali Disawar' } as const;

export const halfNames = { open: 'Open', close: 'Close', single: 'Draw' } as const;

const times = new Map<string, Intl.DateTimeFormat>();

function timeFormat(seconds: boolean): Intl.DateTimeFormat {
  const zone = marketTimeZone();
  const key = `${zone}|${seconds}`;
  let found = times.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('en-IN', {
      timeZone: zone,
      hour: '2-digit',
      minute: '2-digit',
      ...(seconds ? { second: '2-digit' } : {}),
    });
    times.set(key, found);
  }
  return found;
}

/** An instant as the market clock reads it: "03:00 pm", or with seconds for "updated at". */
export function marketTime(iso: string, seconds = false): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : timeFormat(seconds).format(at);
}

/** The hour (0-23) of an instant on the market clock. */
export function marketHour(iso: string): number {
  const hour = new Intl.DateTimeFormat('en-GB', {
    timeZone: marketTimeZone(),
    hour: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
  return Number(hour);
}

/** An hour of the day as the chart's axis reads it: 0 → "12a", 13 → "1p". */
export function hourLabel(hour: number): string {
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}${hour < 12 ? 'a' : 'p'}`;
}

/** The hour's full name for tooltips and screen readers: "1 pm–2 pm". */
export function hourRange(hour: number): string {
  const name = (h: number) => `${h % 12 === 0 ? 12 : h % 12} ${h % 24 < 12 ? 'am' : 'pm'}`;
  return `${name(hour)}–${name(hour + 1)}`;
}

/** "1 bid", "3 bids": the console's one plural rule (`@gama/ui/plural`). */
export { countOf } from '@gama/ui/plural';
