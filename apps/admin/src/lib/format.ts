import { marketTimeZone } from './market-clock.ts';

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function format(zone: string, options: Intl.DateTimeFormatOptions, key: string): Intl.DateTimeFormat {
  const id = `${zone}|${key}`;
  let found = dateTimeFormats.get(id);
  if (!found) {
    found = new Intl.DateTimeFormat('en-IN', { timeZone: zone, ...options });
    dateTimeFormats.set(id, found);
  }
  return found;
}

/** An instant from the server as "24 Nov 2026, 03:45 pm" in the market time zone. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return format(
    marketTimeZone(),
    { day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' },
    'dt',
  ).format(at);
}

/** "03:45:10 pm" in the market time zone, for the top bar clock. */
export function formatClock(at: Date): string {
  return format(marketTimeZone(), { hour: '2-digit', minute: '2-digit' }, 'clock').format(at);
}

/**
 * The market time zone's short name at `at`, as the top bar labels its clock: "IST" for Asia/Kolkata, "GMT+4"
 * where the zone has no common abbreviation, and the zone's own name if this browser cannot name it at all.
 */
export function formatZone(at: Date, zone: string = marketTimeZone()): string {
  try {
    const part = format(zone, { timeZoneName: 'short' }, 'zone')
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName');
    if (part?.value) return part.value;
  } catch {
    // An unknown zone: fall through to its name.
  }
  return zone.split('/').pop()?.replace(/_/g, ' ') ?? zone;
}

/** A calendar day (YYYY-MM-DD) as "24 Nov 2026". */
export function formatDay(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate;
  const at = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12));
  return format('UTC', { day: '2-digit', month: 'short', year: 'numeric' }, 'day').format(at);
}

/** A phone number shown without its middle, as a confirmation names a player: 98xxxxxx10. */
export function maskMobile(mobile: string): string {
  if (mobile.length < 6) return mobile;
  return `${mobile.slice(0, 2)}${'x'.repeat(mobile.length - 4)}${mobile.slice(-2)}`;
}
