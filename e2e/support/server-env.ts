/**
 * What the e2e servers are started with, shared by the config and the tests.
 * The clock starts at a fixed instant and runs forward, so every run sees the demo markets in the same state:
 * Friday 2026-11-20, 12:00 IST. MORNING STAR (09:30-10:30 AM) is closed for the day, SRIDEVI (11:35 AM-12:35 PM)
 * is past its open time (close session only, timed tiles refused), TIME BAZAR (01:00-02:00 PM) is fully open,
 * the 12:00 PM Starline slot has closed and the 01:00 PM one is open, DELHI BAZAR (Gali, 03:00 PM) is open.
 */
export const E2E_CLOCK_START = '2026-11-20T12:00:00+05:30';
export const E2E_TODAY = { iso: '2026-11-20', bidDate: '20-November-2026', history: '11/20/2026' } as const;
export const E2E_ADMIN = { username: 'e2e-admin', password: 'e2e-admin-pass-1' } as const;
