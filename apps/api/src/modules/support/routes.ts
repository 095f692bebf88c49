/** The support inbox's routes: the player's conversations (legacy contract) and the console's inbox. */
import { endpoints } from '@gama/core/endpoints';
import { supportMessages } from '@gama/core/endpoints/support/index';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../http/errors.ts';
import { RawReply, route } from '../../http/route.ts';
import type { Screenshot } from '../funds/utr.ts';
import { prepareScreenshot } from '../funds/utr.ts';
import { cannedReplies, replaceCannedReplies } from './canned.ts';
import { assign, inbox, inboxThread, reply, setOpen, supportOperators } from './inbox.ts';
import {
  assertSendWelcome,
  playerThreads,
  playerUnread,
  readPlayerThread,
  sendPlayerMessage,
} from './player-threads.ts';
import { supportStats } from './stats.ts';

export function supportRoutes(app: FastifyInstance): void {
  const { db, clock } = app.deps;

  route(app, endpoints.supportThreads, async ({ player }) => {
    const [threads, unread] = await Promise.all([playerThreads(db, player.id), playerUnread(db, player.id)]);
    return { status: true, threads, unread };
  });

  route(app, endpoints.supportUnread, async ({ player }) => ({
    status: true,
    unread: await playerUnread(db, player.id),
  }));

  route(app, endpoints.supportThread, async ({ player, body }) => ({
    status: true,
    ...(await readPlayerThread(db, player.id, body.thread_id, clock.now())),
  }));

  route(app, endpoints.supportSend, async ({ player, body }) => {
    if (body.text === '' && body.screenshot === undefined)
      throw new AppError('MESSAGE_EMPTY', supportMessages.empty);
    const input = {
      threadId: body.thread_id,
      ref:
        body.ref_type !== undefined && body.ref_id !== undefined
          ? { type: body.ref_type, id: body.ref_id }
          : undefined,
      text: body.text,
    };
    let screenshot: Screenshot | undefined;
    if (body.screenshot !== undefined) {
      await assertSendWelcome(db, player.id, input, clock.now());
      screenshot = await prepareScreenshot(body.screenshot);
    }
    const sent = await db.transaction((tx) =>
      sendPlayerMessage(tx, player.id, { ...input, screenshot }, clock.now()),
    );
    return { status: true, thread_id: sent.threadId, message: sent.message };
  });

  route(app, endpoints.adminSupportInbox, async ({ operator, query }) => ({
    status: true,
    ...(await inbox(db, operator.id, query)),
    page: query.page,
    page_size: query.page_size,
  }));

  route(app, endpoints.adminSupportThread, async ({ params }) => inboxThread(db, params.id));

  route(app, endpoints.adminSupportReply, async ({ operator, request, params, body }) => {
    await db.transaction((tx) => reply(tx, { operator, request, now: clock.now() }, params.id, body.text));
    return inboxThread(db, params.id);
  });

  route(app, endpoints.adminSupportAssign, async ({ operator, request, params, body }) => {
    await db.transaction((tx) =>
      assign(tx, { operator, request, now: clock.now() }, params.id, body.operator_id),
    );
    return inboxThread(db, params.id);
  });

  route(app, endpoints.adminSupportClose, async ({ operator, request, params }) => {
    await db.transaction((tx) => setOpen(tx, { operator, request, now: clock.now() }, params.id, false));
    return inboxThread(db, params.id);
  });

  route(app, endpoints.adminSupportReopen, async ({ operator, request, params }) => {
    await db.transaction((tx) => setOpen(tx, { operator, request, now: clock.now() }, params.id, true));
    return inboxThread(db, params.id);
  });

  route(app, endpoints.adminSupportImage, async ({ params, reply: res }) => {
    const { rows } = await db.query<{ image: Buffer | null }>(
      'SELECT image FROM support_messages WHERE id = $1',
      [params.id],
    );
    return imageReply(res, params.id, rows[0]?.image);
  });

  // Another player's screenshot reads exactly like a message without one.
  route(app, endpoints.supportImage, async ({ params, player, reply: res }) => {
    const { rows } = await db.query<{ image: Buffer | null }>(
      'SELECT image FROM support_messages WHERE id = $1 AND player_id = $2',
      [params.id, player.id],
    );
    return imageReply(res, params.id, rows[0]?.image);
  });

  route(app, endpoints.adminSupportOperators, async () => ({
    status: true,
    operators: await supportOperators(db),
  }));

  route(app, endpoints.adminSupportCanned, async () => ({ status: true, replies: await cannedReplies(db) }));

  route(app, endpoints.adminSupportCannedUpdate, async ({ operator, request, body }) => ({
    status: true,
    replies: await db.transaction((tx) =>
      replaceCannedReplies(tx, { operator, request, now: clock.now() }, body.replies),
    ),
  }));

  route(app, endpoints.adminSupportStats, async ({ query }) => supportStats(db, clock.now(), query.days));
}

function imageReply(res: FastifyReply, id: number, image: Buffer | null | undefined): RawReply {
  if (!image) throw new AppError('NOT_FOUND', supportMessages.noImage);
  return new RawReply(
    res.type('image/webp').header('content-disposition', `inline; filename="support-${id}.webp"`).send(image),
  );
}
