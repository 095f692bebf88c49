import type { HeadlineResponse, SliderResponse } from '@gama/core/contract/accounts';
import { useQuery } from '@tanstack/react-query';
import { post } from '../../lib/api-client.ts';

/** Headline ids of spec 01 section 3: 1 home, 2 add funds, 3 withdraw. */
const HOME_HEADLINE_ID = 1;

export function useHomeHeadline() {
  return useQuery({
    queryKey: ['headline', HOME_HEADLINE_ID],
    queryFn: ({ signal }) =>
      post<HeadlineResponse>('/api-get-headline', { ids: [HOME_HEADLINE_ID] }, { signal }),
    select: (response) => {
      const line = response.data.find((item) => item.id === HOME_HEADLINE_ID && item.status === '1');
      return line?.notes.trim() || null;
    },
    staleTime: 5 * 60_000,
  });
}

export function useSlides() {
  return useQuery({
    queryKey: ['slider'],
    queryFn: ({ signal }) => post<SliderResponse>('/api-get-slider-images', {}, { signal }),
    select: (response) => response.sliderdata.filter((slide) => slide.slider_image !== ''),
    staleTime: 10 * 60_000,
  });
}
