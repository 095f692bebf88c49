import { realityCheckDue } from '@gama/core/rules/reality-check';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useResource } from '../../lib/resource.ts';
import { realityCheck } from './api.ts';
import { onAnsweredElsewhere, readAnswered, storeAnswered } from './reality-check.ts';
import type { RealityCheckDialogProps } from './RealityCheckDialog.tsx';

type DialogComponent = ComponentType<RealityCheckDialogProps>;
let dialog: DialogComponent | null = null;
let dialogLoading: Promise<DialogComponent> | null = null;

/** The dialog's chunk, fetched once; a fetch the network lost is forgotten, so the next try fetches again. */
function loadDialog(): Promise<DialogComponent> {
  dialogLoading ??= import('./RealityCheckDialog.tsx').then(
    (module) => (dialog = module.default),
    (error: unknown) => {
      dialogLoading = null;
      throw error;
    },
  );
  return dialogLoading;
}

/** How long before a check is due its dialog's code is fetched, and how soon a lost fetch is tried again. */
const FETCH_AHEAD_MS = 60_000;
const FETCH_RETRY_MS = 30_000;

interface RealityCheckProps {
  /** Signs the player out (the shell's logout: the server ends the session first). */
  onSignOut: () => void;
  signingOut: boolean;
}

/**
 * The reality check (issue 16; UKGC RTS 13): at each interval the player chose, counted from sign-in as the
 * server says, a dialog with the time and net result since sign-in, and Continue or Sign out. The schedule
 * comes from the server's sign-in time and clock, so a reload neither resets nor skips it: a check that came
 * due and was not answered shows again at once.
 */
export function RealityCheck({ onSignOut, signingOut }: RealityCheckProps) {
  const check = useResource(realityCheck);
  // Re-read the stored answer when another tab answers the same check.
  const [, setAnswerSeen] = useState(0);
  useEffect(() => onAnsweredElsewhere(() => setAnswerSeen((n) => n + 1)), []);

  const data = check.data;
  const answeredAt = data ? readAnswered(data.signed_in_at) : null;
  const due = data ? realityCheckDue(new Date(data.signed_in_at), data.interval_minutes, answeredAt) : null;
  const dueMs = due?.getTime() ?? null;
  const offsetMs = data?.offsetMs ?? 0;

  // The check on screen (its due time) and when it opened: its figures must be fetched after that.
  const [shown, setShown] = useState<{ due: number; openedAt: number } | null>(null);
  const lastShown = useRef<number | null>(null);
  const { refetch } = check;
  useEffect(() => {
    if (dueMs === null) return undefined;
    const timer = window.setTimeout(
      () => {
        if (lastShown.current === dueMs) return;
        lastShown.current = dueMs;
        setShown({ due: dueMs, openedAt: Date.now() });
        void refetch();
      },
      // A wait past 2^31 ms would fire at once; the longest interval is an hour, so it never needs one.
      Math.min(Math.max(0, dueMs - (Date.now() + offsetMs)), 2 ** 31 - 1),
    );
    return () => window.clearTimeout(timer);
  }, [dueMs, offsetMs, refetch]);

  // The dialog draws nothing on a first screen, so its code (and the money module its figures need) comes a
  // minute before the check is due, at once when one is due now, never with home (decision 020). Fetched that far
  // ahead (and held by the service worker after the first visit), it is there when due even if the network is not;
  // a fetch the network lost is tried again until it arrives.
  const [Sheet, setSheet] = useState<DialogComponent | null>(() => dialog);
  useEffect(() => {
    if (dueMs === null || Sheet) return undefined;
    let current = true;
    let timer: number | undefined;
    const fetchDialog = () => {
      loadDialog().then(
        (component) => {
          if (current) setSheet(() => component);
        },
        () => {
          if (current) timer = window.setTimeout(fetchDialog, FETCH_RETRY_MS);
        },
      );
    };
    timer = window.setTimeout(
      fetchDialog,
      Math.min(Math.max(0, dueMs - (Date.now() + offsetMs) - FETCH_AHEAD_MS), 2 ** 31 - 1),
    );
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [dueMs, offsetMs, Sheet]);

  const open =
    shown !== null && data !== undefined && (answeredAt === null || answeredAt.getTime() < shown.due);
  const fresh = shown !== null && (check.updatedAt >= shown.openedAt || check.isError);

  const answer = () => {
    if (!data || !shown) return;
    storeAnswered(data.signed_in_at, new Date(Date.now() + data.offsetMs));
    setShown(null);
  };

  if (!Sheet) return null;
  return (
    <Sheet
      open={open}
      onClose={answer}
      figures={data && fresh ? data : undefined}
      onSignOut={onSignOut}
      signingOut={signingOut}
    />
  );
}
