import type { SocialDataResponse } from '@gama/core/contract/accounts';
import { endpoints } from '@gama/core/endpoints';
import { contactNumber } from '@gama/core/contract/validation';
import { useQuery } from '@tanstack/react-query';
import { call } from './api-client.ts';

/**
 * How old the contact numbers the app shows may be. They rarely change, but when the operator changes one
 * (a lost phone, a new WhatsApp number) every open app must follow within this time, even one left on a
 * single screen: the footer and its support popup stay mounted for the whole visit.
 */
export const CONTACTS_MAX_AGE_MS = 10 * 60_000;

/** Admin contact numbers: public, used by login, home, footer and the support popup. */
export function useSocialData() {
  return useQuery({
    queryKey: ['social-data'],
    queryFn: ({ signal }) => call(endpoints.socialData, {}, { signal }),
    staleTime: CONTACTS_MAX_AGE_MS,
    // staleTime alone only refetches when a screen mounts or the tab regains focus; the interval covers an
    // app that stays open on one screen (a hidden tab catches up on focus, as the number is stale by then).
    refetchInterval: CONTACTS_MAX_AGE_MS,
  });
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
  const { data } = useSocialData();
  return contactLinks(data);
}
