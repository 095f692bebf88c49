/** Display formats for dates the player reads, in the market time zone. */
const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = cache.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hour12: true,
    });
    cache.set(timeZone, f);
  }
  return f;
}

/** `20-11-2026 07:05 PM` */
export function formatDateTime(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const hour = parts.hour === '00' ? '12' : parts.hour;
  return `${parts.day}-${parts.month}-${parts.year} ${hour}:${parts.minute} ${String(parts.dayPeriod).toUpperCase()}`;
}
