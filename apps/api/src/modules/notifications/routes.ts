import { endpoints } from '@gama/core/endpoints';
import type { FastifyInstance } from 'fastify';
import { RawReply, route } from '../../http/route.ts';
import type { Stream } from './hub.ts';
import { NOTIFICATION_CHANNEL, NotificationHub, eventText, lastEventId } from './hub.ts';
import { latestId, listNotifications, markRead, notificationsAfter, unreadCount } from './service.ts';

/** A client that reads slower than this much is behind is dropped; it resumes from its last event. */
const MAX_BUFFERED_BYTES = 1 << 20;
/** Rows read per round of a stream's catch-up. */
const READ_BATCH = 100;

/** The bell: the list, the unread count, marking read, and the live stream of new rows. */
export function notificationRoutes(app: FastifyInstance): void {
  const deps = app.deps;
  const { db, clock, config } = deps;
  const hub = new NotificationHub();
  const stopListening = db.listen(NOTIFICATION_CHANNEL, {
    notice: (payload) => hub.apply(payload),
    state: (listening) => hub.setLive(listening),
  });
  // Open streams would keep the server from closing; ended here, browsers reconnect to the next server.
  app.addHook('preClose', async () => {
    hub.closeAll();
    await stopListening();
  });

  route(app, endpoints.notifications, async ({ body, player }) => {
    const now = clock.now();
    const [page, unread] = await Promise.all([
      listNotifications(db, player.id, body, now),
      unreadCount(db, player.id, now),
    ]);
    return { status: true, notifications: page.rows, next_before: page.nextBefore, unread };
  });

  route(app, endpoints.notificationsUnread, async ({ player }) => ({
    status: true,
    unread: await unreadCount(db, player.id, clock.now()),
  }));

  route(app, endpoints.notificationsRead, async ({ body, player }) => {
    const now = clock.now();
    await markRead(db, player.id, body.ids, now);
    return { status: true, unread: await unreadCount(db, player.id, now) };
  });

  route(app, endpoints.notificationsStream, async ({ player, request, reply }) => {
    const playerId = player.id;
    const resumeAfter = lastEventId(request.headers['last-event-id']);
    // Without Last-Event-ID the stream starts now: what came before is the list's to show.
    let cursor = resumeAfter ?? (await latestId(db, playerId));
    reply.hijack();
    const res = reply.raw;
    // The security headers the request hook put on the reply, which a hijacked reply does not send by itself.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) res.setHeader(name, value);
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // nginx and similar proxies buffer answers unless told not to; events must go out as they happen.
      'x-accel-buffering': 'no',
    });
    if (request.method === 'HEAD') {
      res.end();
      return new RawReply(reply);
    }
    let closed = false;
    let busy = false;
    let again = false;
    const timers: NodeJS.Timeout[] = [];
    const close = () => {
      if (closed) return;
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      hub.remove(stream);
      if (!res.writableEnded) res.end();
    };
    const write = (text: string) => {
      if (closed) return;
      res.write(text);
      if (res.writableLength > MAX_BUFFERED_BYTES) close();
    };
    const pump = () => {
      if (closed) return;
      if (busy) {
        again = true;
        return;
      }
      busy = true;
      void (async () => {
        try {
          do {
            again = false;
            for (;;) {
              const rows = await notificationsAfter(db, playerId, cursor, clock.now(), READ_BATCH);
              if (closed) return;
              for (const row of rows) {
                write(eventText(row));
                cursor = row.id;
              }
              if (rows.length < READ_BATCH) break;
            }
          } while (again && !closed);
        } catch (error) {
          request.log.warn({ err: error }, 'notification stream read failed');
          close();
        } finally {
          busy = false;
        }
      })();
    };
    const stream: Stream = { playerId, pump, close };
    res.on('close', close);
    // The browser waits this long before reconnecting after the stream ends.
    write('retry: 2000\n\n');
    hub.add(stream);
    // Rows written between reading the cursor and joining the hub had their notice before this stream heard.
    pump();
    timers.push(
      setInterval(() => {
        write(': ping\n\n');
        if (!hub.live) pump();
        // A signed-out or expired session stops receiving (its notices would otherwise flow until the end).
        deps.callers.player(request, {}).then(
          (session) => {
            if (session?.player.id !== playerId) close();
          },
          () => close(),
        );
      }, config.NOTIFICATION_HEARTBEAT_MS),
      setTimeout(close, config.NOTIFICATION_STREAM_MS),
    );
    return new RawReply(reply);
  });
}
