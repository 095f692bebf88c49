import type { SocialDataResponse } from '@gama/core/contract/accounts';
import { endpoints } from '@gama/core/endpoints';
import { contactNumber } from '@gama/core/contract/validation';
import { useMemo, useSyncExternalStore } from 'react';
import { ApiError, call } from './api-client.ts';

/**
 * How old the contact numbers the app shows may be. They rarely change, but when the operator changes one
 * (a lost phone, a new WhatsApp number) every open app must follow within this time, even one left on a
 * single screen: the footer and its support popup stay mounted for the whole visit.
 */
export const CONTACTS_MAX_AGE_MS = 10 * 60_000;
/** A call the network lost is tried again after these pauses, as the query client does for other reads. */
const RETRY_PAUSES_MS = [1_000, 2_000];

/**
 * The admin's contact numbers (public; login, home, footer and the support popup show them), kept in a store of
 * their own rather than in TanStack Query: the landing's Contact Admin button needs them, and the query client
 * is about 10 KB gzip its first screen does not otherwise need. It reads as the query did: fetched when a screen
 * first shows them, again when older than CONTACTS_MAX_AGE_MS at a mount or when the tab comes back, and every
 * CONTACTS_MAX_AGE_MS while any screen shows them.
 */
let numbers: SocialDataResponse | undefined;
let fetchedAt = Number.NEGATIVE_INFINITY;
let inFlight = false;
const listeners = new Set<() => void>();

const stale = () => Date.now() - fetchedAt >= CONTACTS_MAX_AGE_MS;

async function refresh(): Promise<void> {
  if (inFlight) return;
  inFlight = true;
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        numbers = await call(endpoints.socialData, {});
        fetchedAt = Date.now();
        listeners.forEach((listener) => listener());
        return;
      } catch (error) {
        const lost = error instanceof ApiError && (error.code === 'NETWORK' || error.code === 'TIMEOUT');
        const pause = RETRY_PAUSES_MS[attempt];
        // Refused, or still lost after the retries: the links keep the last numbers (or the fallback) until the
        // next mount, return to the tab or interval asks again.
        if (!lost || pause === undefined) return;
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    }
  } finally {
    inFlight = false;
  }
}

function refreshIfStale(): void {
  if (stale()) void refresh();
}

function onVisible(): void {
  if (document.visibilityState === 'visible') refreshIfStale();
}

let interval: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  refreshIfStale();
  if (listeners.size === 1) {
    interval = setInterval(() => void refresh(), CONTACTS_MAX_AGE_MS);
    document.addEventListener('visibilitychange', onVisible);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(interval);
      document.removeEventListener('visibilitychange', onVisible);
    }
  };
}

const snapshot = () => numbers;

/** Admin contact numbers: undefined until the first answer. */
export function useSocialData(): SocialDataResponse | undefined {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** Links want the country code; a bare 10-digit Indian number gets +91. */
function international(raw: string | null | undefined): string {
  const digits = contactNumber(raw);
  return digits.length === 10 ? `91${digits}` : digits;
}

export interface ContactLinks {
  whatsapp: string;
  call: string;
  telegram: string;
}

export function contactLinks(social: SocialDataResponse | undefined): ContactLinks {
  const chat = social?.whatsapp_no || social?.mobile_no;
  return {
    whatsapp: `https://wa.me/${international(chat)}`,
    call: `tel:+${international(social?.mobile_no)}`,
    telegram: `https://t.me/+${international(social?.telegram_no)}`,
  };
}

export function useContactLinks(): ContactLinks {
  const data = useSocialData();
  return useMemo(() => contactLinks(data), [data]);
}
