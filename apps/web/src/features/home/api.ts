import type { SliderResponse } from '@gama/core/contract/accounts';
import { useQuery } from '@tanstack/react-query';
import { post } from '../../lib/api-client.ts';

export function useSlides() {
  return useQuery({
    queryKey: ['slider'],
    queryFn: ({ signal }) => post<SliderResponse>('/api-get-slider-images', {}, { signal }),
    select: (response) => response.sliderdata.filter((slide) => slide.slider_image !== ''),
    staleTime: 10 * 60_000,
  });
}
