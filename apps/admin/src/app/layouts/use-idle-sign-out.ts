import { idleMessage } from '@gama/core/endpoints/operators/index';
import { useEffect, useRef } from 'react';
import { useSignOut } from '../../lib/use-sign-out.ts';

const activity = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * The server ends a session after `idleSeconds` without a request, but the console polls its queues, and a
 * poll is a request: an unattended laptop would stay signed in for ever. So the console counts only what the
 * operator does (keys, taps, scrolling) and signs itself out when they have done nothing for that long.
 */
export function useIdleSignOut(idleSeconds: number): void {
  const signOut = useSignOut();
  const signOutRef = useRef(signOut);
  useEffect(() => {
    signOutRef.current = signOut;
  });

  useEffect(() => {
    if (!(idleSeconds > 0)) return undefined;
    let last = Date.now();
    const touch = () => {
      last = Date.now();
    };
    for (const name of activity) window.addEventListener(name, touch, { passive: true });
    const timer = window.setInterval(() => {
      if (Date.now() - last >= idleSeconds * 1000) {
        window.clearInterval(timer);
        void signOutRef.current(idleMessage(Math.round(idleSeconds / 60)));
      }
    }, 10_000);
    return () => {
      window.clearInterval(timer);
      for (const name of activity) window.removeEventListener(name, touch);
    };
  }, [idleSeconds]);
}
