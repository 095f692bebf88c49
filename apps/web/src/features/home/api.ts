import { endpoints } from '@gama/core/endpoints';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';

export function useSlides() {
  return useQuery({
    queryKey: ['slider'],
    queryFn: ({ signal }) => call(endpoints.sliderImages, {}, { signal }),
    select: (response) => response.sliderdata.filter((slide) => slide.slider_image !== ''),
    staleTime: 10 * 60_000,
  });
}
