/**
 * A random name for this browser, kept in local storage and sent on the phone-lookup calls (sign-in,
 * registration, code resends, forgot password) so the server can cap lookups per device as well as per address
 * (decision 013). It is not a secret and proves nothing: it only keeps one device's burst from hiding behind a
 * carrier address shared by many players. Clearing storage makes a new one, which the per-address cap still
 * covers.
 */
const STORAGE_KEY = 'gama.device';
/** The server takes up to 200 characters; 32 hex digits are 128 random bits. */
const DEVICE_ID_PATTERN = /^[0-9a-f]{32}$/;

let cached: string | null = null;

function fresh(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function deviceId(): string {
  if (cached !== null) return cached;
  let id: string | null = null;
  try {
    id = window.localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode): a name for this page's lifetime still counts its burst.
  }
  if (id === null || !DEVICE_ID_PATTERN.test(id)) {
    id = fresh();
    try {
      window.localStorage.setItem(STORAGE_KEY, id);
    } catch {
      // As above: kept in memory only.
    }
  }
  cached = id;
  return id;
}
