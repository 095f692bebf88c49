import { headlineRequest } from '@gama/core/contract/accounts';
import type {
  HeadlineResponse,
  HowToPlayResponse,
  SliderResponse,
  SocialDataResponse,
} from '@gama/core/contract/accounts';
import type { FastifyInstance } from 'fastify';
import { legacyRoute } from '../../http/legacy.ts';
import { getSetting } from './settings.ts';

export function contentRoutes(app: FastifyInstance): void {
  const { db } = app.deps;

  // Public: the withdraw screen's headline call carries no token (spec 01 section 7).
  legacyRoute(app, '/api-get-headline', { auth: 'public', schema: headlineRequest }, async ({ body }) => {
    const { rows } = await db.query<{ id: number; status: '0' | '1'; notes: string }>(
      'SELECT id, status, notes FROM headlines WHERE id = ANY($1::int[]) ORDER BY id',
      [body.ids],
    );
    return { status: true, data: rows } satisfies HeadlineResponse;
  });

  legacyRoute(app, '/api-get-slider-images', { auth: 'public' }, async () => {
    const { rows } = await db.query<{ slider_image: string; title: string }>(
      'SELECT image_url AS slider_image, title FROM slider_images ORDER BY sort, id',
    );
    return { status: true, sliderdata: rows } satisfies SliderResponse;
  });

  legacyRoute(app, '/api-get-social-data', { auth: 'public' }, async () => {
    const contacts = await getSetting(db, 'contacts');
    return { status: true, ...contacts } satisfies SocialDataResponse;
  });

  legacyRoute(app, '/api-how-to-play', { auth: 'public' }, async () => {
    const htp = await getSetting(db, 'how_to_play');
    return {
      status: true,
      result: htp.content,
      content: [{ how_to_play_content: htp.content, video_link: htp.video_link }],
    } satisfies HowToPlayResponse;
  });

  legacyRoute(app, '/api-money-deposit-withdrawal-rule', { auth: 'public' }, async () => {
    const rules = await getSetting(db, 'rules');
    return { status: true, content: [rules] };
  });
}
