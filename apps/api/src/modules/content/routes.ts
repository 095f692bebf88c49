import { endpoints } from '@gama/core/endpoints';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import { withSettingWords } from '@gama/core/contract/setting-words';
import { getSetting } from './settings.ts';

export function contentRoutes(app: FastifyInstance): void {
  const { db } = app.deps;

  route(app, endpoints.headline, async ({ body }) => {
    const [{ rows }, withdraw, deposit] = await Promise.all([
      db.query<{ id: number; status: '0' | '1'; notes: string; notes_hi: string }>(
        'SELECT id, status, notes, notes_hi FROM headlines WHERE id = ANY($1::int[]) ORDER BY id',
        [body.ids],
      ),
      getSetting(db, 'withdraw'),
      getSetting(db, 'deposit'),
    ]);
    const words = {
      withdrawal_open: withdraw.open_time,
      withdrawal_close: withdraw.close_time,
      min_withdrawal: withdraw.min_withdrawal,
      min_deposit: deposit.min_amt,
    };
    return {
      status: true,
      data: rows.map((r) => ({
        ...r,
        notes: withSettingWords(r.notes, words),
        notes_hi: withSettingWords(r.notes_hi, words),
      })),
    };
  });

  route(app, endpoints.sliderImages, async () => {
    const { rows } = await db.query<{ slider_image: string; title: string; title_hi: string }>(
      // A slide switched off in the console keeps its place but is not shown.
      'SELECT image_url AS slider_image, title, title_hi FROM slider_images WHERE active ORDER BY sort, id',
    );
    return { status: true, sliderdata: rows };
  });

  route(app, endpoints.socialData, async () => {
    const contacts = await getSetting(db, 'contacts');
    return { status: true, ...contacts };
  });

  route(app, endpoints.howToPlay, async () => {
    const htp = await getSetting(db, 'how_to_play');
    return {
      status: true,
      result: htp.content,
      content: [{ how_to_play_content: htp.content, video_link: htp.video_link }],
    };
  });

  route(app, endpoints.moneyRules, async () => {
    const rules = await getSetting(db, 'rules');
    return { status: true, content: [rules] };
  });

  route(app, endpoints.appPages, async () => {
    const pages = await getSetting(db, 'app');
    return {
      status: true,
      privacy_policy: pages.privacy_policy,
      about_text: pages.about_text,
      privacy_policy_hi: pages.privacy_policy_hi,
      about_text_hi: pages.about_text_hi,
      app_download_url: pages.apk_url,
    };
  });
}
