import type { SocialDataResponse } from '@gama/core/endpoints/content/index';
import { endpoints } from '@gama/core/endpoints';
import { contactNumber } from '@gama/core/contract/contact-number';
import { useMemo } from 'react';
import { call } from './api-client.ts';
import { Resource, useResource } from './resource.ts';

/**
 * How old the contact numbers the app shows may be. They rarely change, but when the operator changes one
 * (a lost phone, a new WhatsApp number) every open app must follow within this time, even one left on a
 * single screen: the footer and its support popup stay mounted for the whole visit.
 */
export const CONTACTS_MAX_AGE_MS = 10 * 60_000;

/**
 * The admin's contact numbers (public; login, home, footer and the support popup show them): read when a screen
 * first shows them, again when older than CONTACTS_MAX_AGE_MS at a mount or when the tab comes back, and every
 * CONTACTS_MAX_AGE_MS while any screen shows them. The same for every visitor, so kept across sign-ins.
 */
const contacts = new Resource((signal) => call(endpoints.socialData, {}, { signal }), {
  maxAgeMs: CONTACTS_MAX_AGE_MS,
  everyone: true,
});

/** Admin contact numbers: undefined until the first answer. */
export function useSocialData(): SocialDataResponse | undefined {
  return useResource(contacts, { intervalMs: CONTACTS_MAX_AGE_MS }).data;
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
