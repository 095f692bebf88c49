/**
 * Push delivery (decision 036). Notifications reach the queue through `push_outbox`, which the notification's
 * own transaction fills (migration 0060); a dispatcher in every process claims outbox rows (SKIP LOCKED, so
 * each row is claimed by one process) and, in the claiming transaction, turns each into one pg-boss job per
 * group of up to `GROUP_SIZE` pushes (one per subscribed device that wants that kind, worded in the player's
 * language). pg-boss keeps the jobs in PostgreSQL (the same database, PGlite included, through `bossDb`): they
 * survive restarts, each is fetched by one worker of one process, and a push service's 404 or 410 (the device
 * is gone) deletes the subscription. A group is one job so that the database writes a row, a fetch and a
 * complete per 500 pushes rather than per push; its devices are answered one by one, so a group whose sends
 * partly fail keeps in its data only the pushes not yet answered and is failed with them: pg-boss's retry
 * (exponential backoff) sends those alone, and a device answered 2xx is never sent the same push again. The workers only claim, look up and complete: the
 * encrypting and sending is done by a process of their own at a lower priority (sender.ts), so a 50,000-bidder
 * declaration's pushes do not run on the thread that answers bids.
 */
import type { PushPayload } from '@gama/core/endpoints/push/index';
import type { NotificationKind } from '@gama/core/endpoints/notifications/index';
import type { Language } from '@gama/core/contract/languages';
import { pushText, topicOfKind } from '@gama/core/i18n/push-text';
import { noticeWords } from '@gama/core/endpoints/notices/index';
import PgBoss from 'pg-boss';
import webpush from 'web-push';
import type { Database } from '../../db/database.ts';
import { JOB_QUEUES, JOB_SCHEMA, bossDb, installJobQueue } from '../../db/job-queue.ts';
import type { VapidKeys } from './vapid.ts';
import type { Outcome, OutgoingPush } from './sender.ts';
import { PushSender } from './sender.ts';
import type { PushPacerOptions } from './pacer.ts';
import { PushPacer } from './pacer.ts';

const SEND_QUEUE = JOB_QUEUES.pushSend.name;
/** The channel the notifications trigger names players on (migration 0025): new rows mean outbox rows. */
const NOTIFICATION_CHANNEL = 'gama_notifications';

/** One push of a group: a device and the words it gets. */
export interface GroupPush {
  subscription: number;
  payload: PushPayload;
}

/** A `push-send` job: the pushes of a group not yet answered (decision 036). */
export interface SendJob {
  pushes: GroupPush[];
}

/** A job queued before groups (one push per job) may still wait in a database: it is a group of one. */
type QueuedJob = SendJob | GroupPush;
const pushesOf = (data: QueuedJob): GroupPush[] => ('pushes' in data ? data.pushes : [data]);

/**
 * Pushes per job: an outbox row's 500 notifications to players with one device each. Bigger would mean fewer
 * rows still, but a process that dies between sending a group and recording its answers sends the whole group
 * again on the retry, so the group is also the most a crash can push twice.
 */
export const GROUP_SIZE = 500;

export interface PushQueueOptions {
  db: Database;
  keys: () => Promise<VapidKeys>;
  /** The server's clock (when a device last received a push). */
  now: () => Date;
  log: { error(details: object, message: string): void; warn(details: object, message: string): void };
  /** Workers in this process, each sending up to `batchSize` groups (jobs) at once. */
  workers?: number;
  batchSize?: number;
  /** How often an idle worker looks for jobs; pg-boss allows 0.5 s at least. */
  pollingIntervalSeconds?: number;
  /** Sends after the first, and the first retry's delay; each later delay doubles (with jitter). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** The sweep for outbox rows whose notice this process missed. */
  dispatchEveryMs?: number;
  /** How long a push service keeps an undelivered message for an offline phone. */
  ttlSeconds?: number;
  /** Tests and the bench reach a local receiver with its own certificate authority (PEM). */
  ca?: string;
  /** How much lower the sender process's priority is than the server's (nice, 0-19). */
  senderNice?: number;
  /** Sending slowly while players bid (pacer.ts); without it, always at full speed. */
  pace?: PushPacerOptions;
}

interface Delivery {
  id: number;
  kind: NotificationKind;
  amount: number | null;
  market: string | null;
  detail: string | null;
  language: Language;
  subscription: number;
  results: boolean;
  money: boolean;
  support: boolean;
  offers: boolean;
  /** An operator's notice (kind `offer`, decision 037). */
  title: string | null;
  body: string | null;
  title_hi: string | null;
  body_hi: string | null;
  link: string | null;
}

/** A notice's words in the player's language, for an `offer` row. */
function noticeOf(r: Delivery) {
  if (r.title === null || r.body === null) return undefined;
  const words = noticeWords(
    { title: r.title, text: r.body, title_hi: r.title_hi, text_hi: r.body_hi },
    r.language,
  );
  return { ...words, link: r.link };
}

/**
 * Claims one outbox row and queues its pushes, in one transaction: a process that dies before the commit
 * leaves the row for another, and a committed claim has its jobs. Answers whether a row was claimed.
 */
export async function dispatchOne(
  db: Database,
  boss: PgBoss,
  retries: Pick<PgBoss.JobInsert, 'retryLimit' | 'retryDelay' | 'retryBackoff'>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<Delivery & { claimed: number }>(
      `WITH claimed AS (
         DELETE FROM push_outbox
          WHERE id = (SELECT id FROM push_outbox ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
         RETURNING id, notification_ids)
       SELECT c.id AS claimed, n.id, n.kind, n.amount, n.market, n.detail, p.language, s.id AS subscription,
              coalesce(pr.results, true) AS results, coalesce(pr.money, true) AS money,
              coalesce(pr.support, true) AS support, coalesce(pr.offers, true) AS offers, o.title, o.body,
              o.title_hi, o.body_hi, o.link
         FROM claimed c
         LEFT JOIN LATERAL unnest(c.notification_ids) AS u(id) ON true
         LEFT JOIN notifications n ON n.id = u.id
         LEFT JOIN players p ON p.id = n.player_id
         LEFT JOIN push_subscriptions s ON s.player_id = n.player_id
         LEFT JOIN push_preferences pr ON pr.player_id = n.player_id
         LEFT JOIN notices o ON n.kind = 'offer' AND o.id = n.ref_id`,
    );
    if (rows.length === 0) return false;
    const pushes = rows
      // A notification purged or a device dropped since the row was written has nothing to push.
      .filter((r) => r.subscription !== null && r.id !== null && r[topicOfKind[r.kind]])
      .map((r): GroupPush => ({
        subscription: Number(r.subscription),
        payload: pushText(
          {
            id: Number(r.id),
            kind: r.kind,
            amountPaise: r.amount,
            market: r.market,
            detail: r.detail,
            notice: noticeOf(r),
          },
          r.language,
        ),
      }));
    const jobs: PgBoss.JobInsert<SendJob>[] = [];
    for (let i = 0; i < pushes.length; i += GROUP_SIZE) {
      jobs.push({ name: SEND_QUEUE, ...retries, data: { pushes: pushes.slice(i, i + GROUP_SIZE) } });
    }
    if (jobs.length > 0) await boss.insert(jobs, { db: bossDb(tx) });
    return true;
  });
}

interface SubscriptionRow {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** How long `start` waits for its LISTEN to come up before it returns anyway. */
const LISTEN_WAIT_MS = 10_000;

export class PushQueue {
  readonly boss: PgBoss;
  private readonly options: Required<Omit<PushQueueOptions, 'ca' | 'pace'>> & { ca?: string };
  private readonly pacer: PushPacer;
  /** Aborted by `stop`: a paced batch hands no more pushes over and leaves the rest in their groups. */
  private readonly stopping = new AbortController();
  /** The process that encrypts and sends (sender-process.ts). */
  readonly sender: PushSender;
  private timer: NodeJS.Timeout | undefined;
  private stopListening: (() => Promise<void>) | undefined;
  private dispatching: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  /** Pushes answered 2xx, devices dropped, sends failed (to be retried): for tests, the bench and the log. */
  readonly counts = { sent: 0, gone: 0, failed: 0 };
  private readonly workerIds: string[] = [];
  /** The VAPID Authorization header per push service origin (see `authorization`). */
  private readonly vapidHeaders = new Map<string, { header: string; publicKey: string; until: number }>();

  constructor(options: PushQueueOptions) {
    this.options = {
      workers: 2,
      // Two groups, up to 1,000 pushes, per fetch and per hand-over to the sender.
      batchSize: 2,
      // New jobs wake this process's workers at once (`dispatch`), so a poll only finds retries that came due and
      // jobs another process queued but did not send. Two workers polling every second were most of an idle
      // server's CPU on PGlite (2.0 CPU-s a minute, 0.8-1.0 at 10 s; docs/testing.md, session 20): a retry may
      // now wait up to 10 s longer than its delay.
      pollingIntervalSeconds: 10,
      retryLimit: JOB_QUEUES.pushSend.retryLimit,
      retryDelaySeconds: JOB_QUEUES.pushSend.retryDelay,
      dispatchEveryMs: 5000,
      ttlSeconds: 24 * 3600,
      senderNice: 10,
      ...options,
    };
    this.pacer = new PushPacer(options.pace ?? { busy: () => false, busyRate: 1 });
    this.sender = new PushSender({
      nice: this.options.senderNice,
      ...(options.ca ? { ca: options.ca } : {}),
      onExit: (details) =>
        this.options.log.error(details, 'the push sender ended; started again for the next batch'),
    });
    this.boss = new PgBoss({
      db: bossDb(options.db),
      schema: JOB_SCHEMA,
      // Finished jobs are kept a day for looking into, failed ones (retries used up) a week.
      archiveCompletedAfterSeconds: 3600,
      deleteAfterDays: 7,
    });
    this.boss.on('error', (error) => this.options.log.error({ err: error }, 'push queue error'));
  }

  async start(): Promise<void> {
    const o = this.options;
    this.sender.start();
    await this.boss.start();
    // Installed by the migration step (db/job-queue.ts); a database that skipped it (a test's) gets it now.
    if (!(await this.boss.getQueue(SEND_QUEUE))) await installJobQueue(o.db);
    for (let i = 0; i < o.workers; i++) {
      const id: string = await this.boss.work<QueuedJob>(
        SEND_QUEUE,
        { batchSize: o.batchSize, pollingIntervalSeconds: o.pollingIntervalSeconds },
        async (jobs) => {
          await this.send(jobs);
          // A full batch means more are waiting: fetch again at once rather than after the polling interval.
          if (jobs.length === o.batchSize) this.boss.notifyWorker(id);
        },
      );
      this.workerIds.push(id);
    }
    let live: () => void = () => undefined;
    const listening = new Promise<void>((resolve) => (live = resolve));
    this.stopListening = o.db.listen(NOTIFICATION_CHANNEL, {
      notice: () => this.dispatch(),
      // Listening again after a gap: what was queued meanwhile goes now, not at the next sweep.
      state: (on) => {
        if (!on) return;
        live();
        this.dispatch();
      },
    });
    this.timer = setInterval(() => this.dispatch(), o.dispatchEveryMs);
    this.timer.unref();
    this.dispatch();
    // Started means hearing the outbox's notices: on PostgreSQL the LISTEN connection comes up a moment after
    // this call, and a push queued before it would wait for the sweep (`dispatchEveryMs`). Bounded: a server
    // whose LISTEN cannot connect still starts, and the sweep carries the pushes meanwhile.
    let bound: NodeJS.Timeout | undefined;
    await Promise.race([
      listening,
      new Promise<void>((resolve) => (bound = setTimeout(resolve, LISTEN_WAIT_MS))),
    ]);
    clearTimeout(bound);
  }

  /** Drains the outbox; a call while draining makes it go round once more. */
  dispatch(): void {
    if (this.stopped) return;
    if (this.dispatching) {
      this.again = true;
      return;
    }
    this.dispatching = (async () => {
      try {
        do {
          this.again = false;
          const retries = {
            retryLimit: this.options.retryLimit,
            retryDelay: this.options.retryDelaySeconds,
            retryBackoff: true,
          };
          while (!this.stopped && (await dispatchOne(this.options.db, this.boss, retries))) {
            // New jobs: the workers fetch them now rather than at their next poll (up to a second later).
            for (const id of this.workerIds) this.boss.notifyWorker(id);
          }
        } while (this.again && !this.stopped);
      } catch (error) {
        this.options.log.error({ err: error }, 'queueing pushes failed');
      } finally {
        this.dispatching = undefined;
      }
    })();
  }

  /** Resolves when the outbox is drained as far as this process goes now (tests and the bench). */
  async settled(): Promise<void> {
    while (this.dispatching) await this.dispatching;
  }

  private async send(jobs: PgBoss.Job<QueuedJob>[]): Promise<void> {
    const { db } = this.options;
    const groups = jobs.map((job) => ({ id: job.id, pushes: pushesOf(job.data) }));
    const ids = [...new Set(groups.flatMap((g) => g.pushes.map((p) => p.subscription)))];
    const { rows } = await db.query<SubscriptionRow>(
      'SELECT id, endpoint, p256dh, auth FROM push_subscriptions WHERE id = ANY($1::bigint[])',
      [ids],
    );
    const devices = new Map(rows.map((row) => [Number(row.id), row]));
    const keys = await this.options.keys();
    const outgoing: OutgoingPush[] = [];
    /** The group and push of each push handed to the sender, in its order. */
    const handed: { group: number; push: GroupPush }[] = [];
    for (const [g, group] of groups.entries()) {
      for (const push of group.pushes) {
        // Dropped since it was queued (unsubscribed, or gone): nothing to send.
        const device = devices.get(push.subscription);
        if (!device) continue;
        outgoing.push({
          endpoint: device.endpoint,
          p256dh: device.p256dh,
          auth: device.auth,
          payload: JSON.stringify(push.payload),
          authorization: this.authorization(device.endpoint, keys),
        });
        handed.push({ group: g, push });
      }
    }
    // Handed over in the pacer's steps (slowly while players bid). A sender that dies throws here, and pg-boss
    // retries the whole batch: nothing of it was recorded answered.
    const outcomes: Outcome[] = [];
    while (outcomes.length < outgoing.length) {
      const n = await this.pacer.take(outgoing.length - outcomes.length, this.stopping.signal);
      // Stopping: what was not handed over stays in its group (below).
      if (n === 0) break;
      const step = outgoing.slice(outcomes.length, outcomes.length + n);
      outcomes.push(...(await this.sender.send(step, this.options.ttlSeconds)));
    }
    const sent: number[] = [];
    const gone: number[] = [];
    /** Per group (by index), the pushes still to send: those that failed. */
    const left = new Map<number, GroupPush[]>();
    /** Per group, the pushes not handed over before a stop: never tried, so no retry is spent on them. */
    const unsent = new Map<number, GroupPush[]>();
    for (const { group, push } of handed.slice(outcomes.length)) {
      unsent.set(group, [...(unsent.get(group) ?? []), push]);
    }
    let failed = 0;
    let lastError = '';
    for (const [i, outcome] of outcomes.entries()) {
      const { group, push } = handed[i] as { group: number; push: GroupPush };
      if (outcome === 'sent') sent.push(push.subscription);
      else if (outcome === 'gone') gone.push(push.subscription);
      else {
        left.set(group, [...(left.get(group) ?? []), push]);
        failed += 1;
        lastError = outcome.failed;
      }
    }
    await db.transaction(async (tx) => {
      if (gone.length > 0) {
        await tx.query('DELETE FROM push_subscriptions WHERE id = ANY($1::bigint[])', [gone]);
      }
      if (sent.length > 0) {
        await tx.query('UPDATE push_subscriptions SET last_sent_at = $2 WHERE id = ANY($1::bigint[])', [
          [...new Set(sent)],
          this.options.now(),
        ]);
      }
      // A group stopped part-way with no failure goes back to waiting with its unsent pushes alone, its retry
      // count unchanged: the next start (or another process) sends them; the complete that follows the
      // handler only completes active jobs, so it leaves this one be.
      const resting = [...unsent.entries()]
        .filter(([g]) => !left.has(g))
        .map(([g, pushes]) => ({
          id: (groups[g] as { id: string }).id,
          data: JSON.stringify({ pushes } satisfies SendJob),
        }));
      if (resting.length > 0) {
        await tx.query(
          `UPDATE ${JOB_SCHEMA}.job j SET data = u.data, state = 'created', started_on = NULL, start_after = now()
             FROM unnest($2::uuid[], $3::jsonb[]) AS u(id, data)
            WHERE j.name = $1 AND j.id = u.id AND j.state = 'active'`,
          [SEND_QUEUE, resting.map((f) => f.id), resting.map((f) => f.data)],
        );
      }
      if (left.size === 0) return;
      // A group that partly failed keeps only its failed pushes (and any left unsent by a stop), then fails:
      // pg-boss's retry (the same row, its data included, after the backoff) sends those alone. In one
      // transaction, so a group is never failed with pushes in it that were answered; the rest of the batch
      // completes when the handler returns.
      const failing = [...left.entries()].map(([g, pushes]) => ({
        id: (groups[g] as { id: string }).id,
        data: JSON.stringify({ pushes: [...pushes, ...(unsent.get(g) ?? [])] } satisfies SendJob),
      }));
      await tx.query(
        `UPDATE ${JOB_SCHEMA}.job j SET data = u.data
           FROM unnest($2::uuid[], $3::jsonb[]) AS u(id, data)
          WHERE j.name = $1 AND j.id = u.id AND j.state = 'active'`,
        [SEND_QUEUE, failing.map((f) => f.id), failing.map((f) => f.data)],
      );
      // One call per group (a batch holds `batchSize` at most): pg-boss's typed list form takes no output.
      for (const f of failing) {
        await this.boss.fail(SEND_QUEUE, f.id, { reason: lastError }, { db: bossDb(tx) });
      }
    });
    if (failed > 0) this.options.log.warn({ failed, reason: lastError }, 'pushes failed, to be retried');
    this.counts.sent += sent.length;
    this.counts.gone += gone.length;
    this.counts.failed += failed;
  }

  /**
   * The VAPID Authorization header (RFC 8292) for a push service's origin: a JWT signed with the server's key,
   * which web-push would sign again for every push (an ECDSA signature each). One per origin is valid for 12
   * hours (the most a push service need accept is 24); it is signed again after an hour, or when the keys
   * change. Its times are the push service's real time, not the app's clock.
   */
  private authorization(endpoint: string, keys: VapidKeys): string {
    const audience = new URL(endpoint).origin;
    const now = Date.now();
    const cached = this.vapidHeaders.get(audience);
    if (cached && cached.until > now && cached.publicKey === keys.publicKey) return cached.header;
    const { Authorization } = webpush.getVapidHeaders(
      audience,
      keys.subject,
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
      Math.floor(now / 1000) + 12 * 3600,
    );
    this.vapidHeaders.set(audience, {
      header: Authorization,
      publicKey: keys.publicKey,
      until: now + 3_600_000,
    });
    return Authorization;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.stopListening?.();
    await this.settled();
    // The workers fetch nothing more before a group in flight gives its unsent pushes back: a worker still
    // polling could otherwise claim a group the moment it went back to waiting, after pg-boss had looked for work
    // in progress, and leave it active behind a finished stop (the paced-group test saw it under load).
    await this.boss.offWork(SEND_QUEUE);
    this.stopping.abort();
    // Jobs being sent finish first; what is left waits in the database for the next start.
    await this.boss.stop({ graceful: true, wait: true, close: false });
    await this.sender.stop();
  }
}
