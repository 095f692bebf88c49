/**
 * The console's content lists: headlines, the slider and the QR image, each change audited before and after
 * in its own transaction; uploaded images are served from /media by their content hash.
 */
import { endpoints } from '@gama/core/endpoints';
import { QR_MAX_SIDE, SLIDE_MAX_SIZE } from '@gama/core/endpoints/content/console';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.ts';
import { RawReply, route } from '../../http/route.ts';
import type { ContentTarget, ContentWork } from './changes.ts';
import { changeContent } from './changes.ts';
import { changeHeadline, headlines } from './headlines.ts';
import { dropUnusedMedia, lockMedia, MEDIA_NAME, prepareUpload, readMedia, saveMedia } from './images.ts';
import { qrState, setUploadedQr } from './qr.ts';
import { addSlide, orderSlides, removeSlide, slides, updateSlide } from './slider.ts';

export function contentConsoleRoutes(app: FastifyInstance): void {
  const { db } = app.deps;

  /** A content change through its service (changes.ts), which audits it in the change's transaction. */
  const changing = <T>(
    request: FastifyRequest,
    operatorId: number,
    action: string,
    target: ContentTarget,
    work: ContentWork<T>,
  ): Promise<T> => changeContent(app.deps, { operator: { id: operatorId }, request }, action, target, work);

  route(app, endpoints.contentHeadlines, async () => ({ status: true, headlines: await headlines(db) }));

  route(app, endpoints.contentHeadlineUpdate, async ({ params, body, operator, request }) => {
    const headline = await changing(
      request,
      operator.id,
      'headline_update',
      { type: 'headline', id: params.id },
      async (tx) => {
        const { before, after } = await changeHeadline(tx, params.id as 1 | 2 | 3, body);
        return { result: after, before, after };
      },
    );
    return { status: true, headline };
  });

  route(app, endpoints.contentSlides, async () => ({ status: true, slides: await slides(db) }));

  route(app, endpoints.contentSlideAdd, async ({ body, operator, request }) => {
    const image = await prepareUpload(body.image, SLIDE_MAX_SIZE, 'webp');
    const slide = await changing(request, operator.id, 'slide_add', { type: 'slide' }, async (tx, now) => {
      await lockMedia(tx);
      const stored = await saveMedia(tx, image, now);
      const { before, slide: added } = await addSlide(tx, {
        title: body.title,
        title_hi: body.title_hi,
        image: stored,
      });
      return { result: added, before, after: await slides(tx) };
    });
    return { status: true, slide };
  });

  route(app, endpoints.contentSlideUpdate, async ({ params, body, operator, request }) => {
    const image =
      body.image === undefined ? undefined : await prepareUpload(body.image, SLIDE_MAX_SIZE, 'webp');
    const slide = await changing(
      request,
      operator.id,
      'slide_update',
      { type: 'slide', id: params.id },
      async (tx, now) => {
        await lockMedia(tx);
        const stored = image === undefined ? undefined : await saveMedia(tx, image, now);
        const { before, after } = await updateSlide(tx, params.id, {
          title: body.title,
          title_hi: body.title_hi,
          image: stored,
          active: body.active,
        });
        await dropUnusedMedia(tx);
        return { result: after, before, after };
      },
    );
    return { status: true, slide };
  });

  route(app, endpoints.contentSlideDelete, async ({ params, operator, request }) => {
    const after = await changing(
      request,
      operator.id,
      'slide_remove',
      { type: 'slide', id: params.id },
      async (tx) => {
        await lockMedia(tx);
        const change = await removeSlide(tx, params.id);
        await dropUnusedMedia(tx);
        return { result: change.after, ...change };
      },
    );
    return { status: true, slides: after };
  });

  route(app, endpoints.contentSlideOrder, async ({ body, operator, request }) => {
    const after = await changing(request, operator.id, 'slide_order', { type: 'slide' }, async (tx) => {
      const change = await orderSlides(tx, body.ids);
      return { result: change.after, ...change };
    });
    return { status: true, slides: after };
  });

  route(app, endpoints.contentQr, async () => ({ status: true, ...(await qrState(db)) }));

  route(app, endpoints.contentQrUpload, async ({ body, operator, request }) => {
    const image = await prepareUpload(body.image, { width: QR_MAX_SIDE, height: QR_MAX_SIDE }, 'png');
    const state = await changing(request, operator.id, 'qr_upload', { type: 'qr' }, async (tx, now) => {
      await lockMedia(tx);
      const stored = await saveMedia(tx, image, now);
      const { before, after } = await setUploadedQr(tx, stored.url, now);
      await dropUnusedMedia(tx);
      return { result: after, before, after };
    });
    return { status: true, ...state };
  });

  route(app, endpoints.contentQrClear, async ({ operator, request }) => {
    const state = await changing(request, operator.id, 'qr_clear', { type: 'qr' }, async (tx, now) => {
      await lockMedia(tx);
      const { before, after } = await setUploadedQr(tx, '', now);
      await dropUnusedMedia(tx);
      return { result: after, before, after };
    });
    return { status: true, ...state };
  });

  route(app, endpoints.media, async ({ params, reply }) => {
    const image = MEDIA_NAME.test(params.file) ? await readMedia(db, params.file) : undefined;
    if (!image) throw new AppError('NOT_FOUND', 'No such image');
    // Named by its content hash: the same name always means the same bytes.
    return new RawReply(
      reply
        .type(image.content_type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(image.bytes),
    );
  });
}
