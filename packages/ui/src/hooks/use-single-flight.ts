import { useCallback, useRef } from 'react';

/**
 * A double tap on a slow phone fires two submits before React re-renders the disabled button;
 * this drops the second one while the first is still running.
 */
export function useSingleFlight<A extends unknown[]>(action: (...args: A) => Promise<unknown>) {
  const running = useRef(false);
  return useCallback(
    async (...args: A) => {
      if (running.current) return;
      running.current = true;
      try {
        await action(...args);
      } finally {
        running.current = false;
      }
    },
    [action],
  );
}
