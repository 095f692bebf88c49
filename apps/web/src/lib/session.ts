import { useSyncExternalStore } from 'react';

/**
 * Who is signed in, for display and routing: with the device's random name (`device-id.ts`) and the time the
 * reality check was last answered (`features/play/reality-check.ts`), all this app keeps in browser storage. The session token lives in an HttpOnly cookie the script never sees; passwords are never stored.
 */
export interface StoredProfile {
  user_name: string;
  mobile: string;
}

const STORAGE_KEY = 'gama.user';
const listeners = new Set<() => void>();

// useSyncExternalStore needs a stable snapshot: re-parse only when the raw string changes.
let lastRaw: string | null = null;
let lastProfile: StoredProfile | null = null;

function parse(raw: string | null): StoredProfile | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { user_name, mobile } = value as Record<string, unknown>;
    if (typeof user_name !== 'string' || typeof mobile !== 'string' || mobile === '') return null;
    return { user_name, mobile };
  } catch {
    return null;
  }
}

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function getStoredProfile(): StoredProfile | null {
  const raw = readRaw();
  if (raw !== lastRaw) {
    lastRaw = raw;
    lastProfile = parse(raw);
  }
  return lastProfile;
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function storeProfile(profile: StoredProfile): void {
  const record: StoredProfile = { user_name: profile.user_name, mobile: profile.mobile };
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(record));
  } catch {
    // Private mode or a full disk: the session cookie still works for this tab.
  }
  notify();
}

export function clearStoredProfile(): void {
  try {
    window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab logging out must log this one out too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useStoredProfile(): StoredProfile | null {
  return useSyncExternalStore(subscribe, getStoredProfile, () => null);
}
