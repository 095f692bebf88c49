import { useCallback, useRef } from 'react';

/** randomUUID exists only in secure contexts; a phone on a plain-http LAN address still needs a key. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * One idempotency key per action: kept while that same action is retried (a timeout, a double tap)
 * and dropped once it succeeded or the person changed what they are asking for.
 */
export function useActionKey() {
  const key = useRef<string | null>(null);
  const current = useCallback(() => {
    key.current ??= newIdempotencyKey();
    return key.current;
  }, []);
  const reset = useCallback(() => {
    key.current = null;
  }, []);
  return { current, reset };
}
