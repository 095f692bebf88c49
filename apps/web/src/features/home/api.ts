import { endpoints } from '@gama/core/endpoints';
import { call } from '../../lib/api-client.ts';
import { Resource, useResource } from '../../lib/resource.ts';

const slides = new Resource((signal) => call(endpoints.sliderImages, {}, { signal }), {
  maxAgeMs: 10 * 60_000,
  everyone: true,
});

type SliderAnswer = NonNullable<typeof slides.data>;
const shown = (response: SliderAnswer) => response.sliderdata.filter((slide) => slide.slider_image !== '');

export function useSlides() {
  return useResource(slides, { select: shown });
}
