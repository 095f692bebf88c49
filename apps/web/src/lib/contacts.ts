import type { SocialDataResponse } from '@gama/core/contract/accounts';
import { endpoints } from '@gama/core/endpoints';
import { contactNumber } from '@gama/core/contract/validation';
import { useQuery } from '@tanstack/react-query';
import { call } from './api-client.ts';

/** Admin contact numbers: public, rarely change, used by login, home, footer and the support popup. */
export function useSocialData() {
  return useQuery({
    queryKey: ['social-data'],
    queryFn: ({ signal }) => call(endpoints.socialData, {}, { signal }),
    staleTime: 10 * 60_000,
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
