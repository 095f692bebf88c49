/**
 * Payment evidence on a deposit request: the UPI transaction reference (UTR) the player copies from the payment
 * app, and optionally a screenshot. One UTR proves one payment, so the database's unique index decides when two
 * requests race for the same one; a refused attempt is kept so the operator's queue can flag both requests.
 */
import { fundsMessages } from '@gama/core/contract/funds-messages';
import type { PendingDeposit, ScreenshotType } from '@gama/core/endpoints/deposits/index';
import { formatPaise } from '@gama/core/rules/money';
import { SCREENSHOT_MAX_BYTES, screenshotTypes } from '@gama/core/endpoints/deposits/index';
import type { Deps } from '../../deps.ts';
import type { Queryable } from '../../db/database.ts';
import { pgCode } from '../../db/database.ts';
import { formatDateTime } from '../../lib/format.ts';
import { AppError } from '../../http/errors.ts';
import { matchesType, processImage } from '../content/images.ts';

export interface Screenshot {
  type: 'image/webp';
  image: Buffer;
}

/** A payment screenshot is tall; it is kept readable, never enlarged. */
const SCREENSHOT_BOX = { width: 1440, height: 3200 } as const;
/** A phone's screenshot is under 5 megapixels; a photo of a screen may be 12. More is not a screenshot. */
const SCREENSHOT_MAX_PIXELS = 16_000_000;

/**
 * Reads `data:<type>;base64,<data>` (a PNG, JPEG or WebP image of at most SCREENSHOT_MAX_BYTES), then decodes
 * and re-encodes it as WebP the way uploaded content images are: what is stored and shown to operators is an
 * image made by the server, without the phone's metadata, never the bytes that were sent. CPU work: done before
 * the transaction that stores it.
 */
export async function prepareScreenshot(dataUrl: string): Promise<Screenshot> {
  const match = /^data:(image\/[a-z]+);base64,([A-Za-z0-9+/]*={0,2})$/.exec(dataUrl);
  const type = match?.[1];
  if (!match || !(screenshotTypes as readonly string[]).includes(type ?? '')) {
    throw new AppError('SCREENSHOT_INVALID', fundsMessages.screenshotInvalid);
  }
  const data = match[2] ?? '';
  if (Math.floor((data.length * 3) / 4) > SCREENSHOT_MAX_BYTES + 2) {
    throw new AppError('SCREENSHOT_TOO_LARGE', fundsMessages.screenshotTooLarge);
  }
  const bytes = Buffer.from(data, 'base64');
  if (bytes.length > SCREENSHOT_MAX_BYTES)
    throw new AppError('SCREENSHOT_TOO_LARGE', fundsMessages.screenshotTooLarge);
  if (bytes.length === 0 || !matchesType(bytes, type as ScreenshotType)) {
    throw new AppError('SCREENSHOT_INVALID', fundsMessages.screenshotInvalid);
  }
  try {
    const image = await processImage(bytes, SCREENSHOT_BOX, 'webp', SCREENSHOT_MAX_PIXELS);
    return { type: 'image/webp', image: image.bytes };
  } catch (error) {
    if (!(error instanceof AppError) || error.code === 'UNAVAILABLE') throw error;
    // The content module's words are for operators; a player hears what to send instead.
    if (error.code === 'IMAGE_TOO_MANY_PIXELS')
      throw new AppError('SCREENSHOT_TOO_MANY_PIXELS', fundsMessages.screenshotTooManyPixels);
    throw new AppError('SCREENSHOT_INVALID', fundsMessages.screenshotInvalid);
  }
}

/**
 * Refuses a UTR call for a request that is not the caller's own pending one, or that already holds another
 * UTR, before its screenshot is decoded: decoding is the costly part, and a stranger's request must not buy it.
 * `submitUtr` checks the same again under its lock.
 */
export async function assertUtrWelcome(
  db: Queryable,
  playerId: number,
  requestId: number,
  utr: string,
): Promise<void> {
  const { rows } = await db.query<{ status: string; utr: string | null }>(
    'SELECT status, utr FROM deposit_requests WHERE id = $1 AND player_id = $2',
    [requestId, playerId],
  );
  refuseUnwelcome(rows[0], utr);
}

function refuseUnwelcome(
  row: { status: string; utr: string | null } | undefined,
  utr: string,
): asserts row is { status: string; utr: string | null } {
  // Another player's request reads exactly like a missing one.
  if (!row) throw new AppError('NOT_FOUND', fundsMessages.depositNotFound);
  if (row.status !== 'pending')
    throw new AppError('DEPOSIT_NOT_PENDING', fundsMessages.depositNotPending(row.status));
  if (row.utr !== null && row.utr !== utr)
    throw new AppError('UTR_ALREADY_ENTERED', fundsMessages.utrAlreadyEntered);
}

export interface UtrAnswer {
  status: true;
  msg: string;
  request_id: number;
  utr: string;
  screenshot: boolean;
}

/**
 * Records the UTR (and screenshot) on the player's own pending request. Sending the same UTR again answers as
 * the first time (a retry), and may add a screenshot the first call did not carry.
 */
export async function submitUtr(
  deps: Deps,
  playerId: number,
  input: { requestId: number; utr: string; screenshot: Screenshot | undefined },
): Promise<UtrAnswer> {
  const { db, clock } = deps;
  const now = clock.now();
  const outcome = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ status: string; utr: string | null }>(
      'SELECT status, utr FROM deposit_requests WHERE id = $1 AND player_id = $2 FOR UPDATE',
      [input.requestId, playerId],
    );
    const row = rows[0];
    refuseUnwelcome(row, input.utr);
    if (row.utr === null) {
      const refuse = async () => {
        await tx.query(
          'INSERT INTO utr_attempts (deposit_request_id, player_id, utr, created_at) VALUES ($1, $2, $3, $4)',
          [input.requestId, playerId, input.utr, now],
        );
        return 'used' as const;
      };
      const { rows: holder } = await tx.query('SELECT 1 FROM deposit_requests WHERE utr = $1', [input.utr]);
      if (holder.length > 0) return refuse();
      try {
        // A savepoint, so a UTR taken by a concurrent request between the check and here still leaves the
        // transaction usable to record the attempt.
        await tx.query('SAVEPOINT utr');
        await tx.query('UPDATE deposit_requests SET utr = $2, utr_at = $3 WHERE id = $1', [
          input.requestId,
          input.utr,
          now,
        ]);
        await tx.query('RELEASE SAVEPOINT utr');
      } catch (error) {
        if (pgCode(error) !== '23505') throw error;
        await tx.query('ROLLBACK TO SAVEPOINT utr');
        return refuse();
      }
    }
    if (input.screenshot) {
      await tx.query(
        `INSERT INTO deposit_screenshots (deposit_request_id, content_type, image, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (deposit_request_id) DO UPDATE SET content_type = EXCLUDED.content_type, image = EXCLUDED.image,
           created_at = EXCLUDED.created_at`,
        [input.requestId, input.screenshot.type, input.screenshot.image, now],
      );
    }
    const { rows: shot } = await tx.query('SELECT 1 FROM deposit_screenshots WHERE deposit_request_id = $1', [
      input.requestId,
    ]);
    return { screenshot: shot.length > 0 };
  });
  // The refusal commits the attempt it recorded, and nothing else.
  if (outcome === 'used') throw new AppError('UTR_USED', fundsMessages.utrUsed);
  return {
    status: true,
    msg: fundsMessages.utrSaved,
    request_id: input.requestId,
    utr: input.utr,
    screenshot: outcome.screenshot,
  };
}

/** The player's own pending requests (at most 20, newest first): the app offers the UTR step for each. */
export async function pendingDeposits(
  db: Queryable,
  playerId: number,
  timeZone: string,
): Promise<PendingDeposit[]> {
  const { rows } = await db.query<{
    id: number;
    amount: number;
    created_at: Date;
    utr: string | null;
    screenshot: boolean;
  }>(
    `SELECT r.id, r.amount, r.created_at, r.utr,
            EXISTS (SELECT 1 FROM deposit_screenshots s WHERE s.deposit_request_id = r.id) AS screenshot
       FROM deposit_requests r
      WHERE r.player_id = $1 AND r.status = 'pending'
      ORDER BY r.id DESC LIMIT 20`,
    [playerId],
  );
  return rows.map((r) => ({
    request_id: r.id,
    amount: formatPaise(r.amount),
    insert_date: formatDateTime(r.created_at, timeZone),
    utr: r.utr,
    screenshot: r.screenshot,
  }));
}
