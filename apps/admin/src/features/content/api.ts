import { endpoints } from '@gama/core/endpoints';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';

/** The same key as the Settings screen: a save on either screen refreshes both. */
export const settingsKey = ['settings'] as const;
export const headlinesKey = ['content', 'headlines'] as const;
export const slidesKey = ['content', 'slides'] as const;
export const qrKey = ['content', 'qr'] as const;

export function useOwnerSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => call(endpoints.settingsRead, {}, { signal }),
    select: (answer) => answer.settings,
  });
}

export function useHeadlines() {
  return useQuery({
    queryKey: headlinesKey,
    queryFn: ({ signal }) => call(endpoints.contentHeadlines, {}, { signal }),
    select: (answer) => answer.headlines,
  });
}

export function useSlides() {
  return useQuery({
    queryKey: slidesKey,
    queryFn: ({ signal }) => call(endpoints.contentSlides, {}, { signal }),
    select: (answer) => answer.slides,
  });
}

/** The QR code the Pay via QR screen shows; it follows the QR settings, so a settings save refreshes it. */
export function useQr(enabled: boolean) {
  return useQuery({
    queryKey: qrKey,
    queryFn: ({ signal }) => call(endpoints.contentQr, {}, { signal }),
    enabled,
  });
}
