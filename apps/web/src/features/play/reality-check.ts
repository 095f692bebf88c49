/**
 * What the reality check keeps in this browser: when the player last answered it (Continue, or choosing an
 * interval), for the session that signed in at `signedInAt`. The schedule itself is the server's sign-in time
 * and interval; this only says which check was already seen, so a reload shows an unanswered one again and
 * never an answered one. Other tabs of the same browser hear it through the storage event.
 */
const STORAGE_KEY = 'gama.reality-check';

interface Answered {
  signedInAt: string;
  answeredAt: string;
}

export function readAnswered(signedInAt: string): Date | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    if (raw === null) return null;
    const value = JSON.parse(raw) as Partial<Answered>;
    // An answer from an earlier sign-in says nothing about this one.
    if (value.signedInAt !== signedInAt || typeof value.answeredAt !== 'string') return null;
    const at = new Date(value.answeredAt);
    return Number.isNaN(at.getTime()) ? null : at;
  } catch {
    return null;
  }
}

export function storeAnswered(signedInAt: string, answeredAt: Date): void {
  const value: Answered = { signedInAt, answeredAt: answeredAt.toISOString() };
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Storage refused: the check is still answered in this page; a reload would show it once more.
  }
}

export function onAnsweredElsewhere(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
