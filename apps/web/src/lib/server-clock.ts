/**
 * The server's clock as the app sees it. Cut-offs are the server's decision; the app only mirrors them
 * (Open disabled, timed tiles refused), so it reads "now" from the server's last answer, not the phone,
 * whose clock may be wrong or deliberately set back.
 */
let offsetMs = 0;

/** Call with the `server_time` of any answer that carries one. */
export function syncServerClock(serverTime: string | undefined): void {
  if (!serverTime) return;
  const at = Date.parse(serverTime);
  if (!Number.isNaN(at)) offsetMs = at - Date.now();
}

export function serverNow(): Date {
  return new Date(Date.now() + offsetMs);
}
