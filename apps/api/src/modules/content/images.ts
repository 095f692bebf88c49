/**
 * Uploaded images: a data URL is checked for its declared type against the file's own first bytes and for its
 * size, then decoded, turned upright, fitted inside a box (never enlarged) and re-encoded by sharp, which keeps
 * no metadata (camera, place). Only the re-encoded image is stored and served, never the bytes that were sent.
 */
import {
  IMAGE_MAX_BYTES,
  IMAGE_MIN_SIDE,
  imageMessages,
  type imageTypes,
} from '@gama/core/endpoints/content/console';
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { Gate } from '../../lib/gate.ts';

type ImageType = (typeof imageTypes)[number];

/** A decoded image must not unpack beyond this many pixels (a small file can claim a huge canvas). */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Decodes run one per core at most, with a short line: a few large uploads sent together must not take every
 * core from the requests around them (libvips spreads one image over all of them).
 */
const decoding = new Gate(Math.max(1, availableParallelism() - 1), 8);
const BUSY_SECONDS = 5;

export interface StoredImage {
  name: string;
  url: string;
  contentType: 'image/webp' | 'image/png';
  width: number;
  height: number;
}

/**
 * The first bytes every file of each type starts with; a mislabelled or foreign file is refused. Deposit
 * screenshots (funds/utr.ts) are checked by the same.
 */
export function matchesType(image: Buffer, type: ImageType): boolean {
  switch (type) {
    case 'image/png':
      return image.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    case 'image/jpeg':
      return image.length > 3 && image[0] === 0xff && image[1] === 0xd8 && image[2] === 0xff;
    case 'image/webp':
      return (
        image.subarray(0, 4).toString('latin1') === 'RIFF' &&
        image.subarray(8, 12).toString('latin1') === 'WEBP'
      );
  }
}

/** The bytes of a `data:image/…;base64,…` upload, checked for size and for being what it says it is. */
export function decodeUpload(dataUrl: string): Buffer {
  const match = /^data:(image\/(?:png|jpeg|webp));base64,([A-Za-z0-9+/]+={0,2})$/.exec(dataUrl);
  if (!match) throw new AppError('IMAGE_TYPE_UNSUPPORTED', imageMessages.type);
  const data = match[2] ?? '';
  if (Math.floor((data.length * 3) / 4) > IMAGE_MAX_BYTES + 2) {
    throw new AppError('IMAGE_TOO_LARGE', imageMessages.tooLarge);
  }
  const bytes = Buffer.from(data, 'base64');
  if (bytes.length > IMAGE_MAX_BYTES) throw new AppError('IMAGE_TOO_LARGE', imageMessages.tooLarge);
  if (bytes.length === 0 || !matchesType(bytes, match[1] as ImageType)) {
    throw new AppError('IMAGE_TYPE_MISMATCH', imageMessages.mismatch);
  }
  return bytes;
}

/** Resizes and re-encodes an upload: WebP for photos, PNG (lossless) for a QR code. */
export async function processImage(
  bytes: Buffer,
  box: { width: number; height: number },
  format: 'webp' | 'png',
  maxPixels: number = MAX_INPUT_PIXELS,
): Promise<ProcessedImage> {
  const done = await decoding.run(() => processNow(bytes, box, format, maxPixels));
  if (!done) {
    throw new AppError('UNAVAILABLE', imageMessages.busy, { 'retry-after': String(BUSY_SECONDS) });
  }
  return done.value;
}

interface ProcessedImage {
  bytes: Buffer;
  width: number;
  height: number;
  contentType: StoredImage['contentType'];
}

async function processNow(
  bytes: Buffer,
  box: { width: number; height: number },
  format: 'webp' | 'png',
  maxPixels: number,
): Promise<ProcessedImage> {
  let output: { data: Buffer; info: sharp.OutputInfo };
  try {
    // The header alone, read with no limit so that a canvas too large gets its own answer; nothing is unpacked.
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!['png', 'jpeg', 'webp'].includes(meta.format ?? '')) {
      throw new AppError('IMAGE_TYPE_MISMATCH', imageMessages.mismatch);
    }
    if ((meta.width ?? 0) * (meta.height ?? 0) > maxPixels) {
      throw new AppError('IMAGE_TOO_MANY_PIXELS', imageMessages.tooManyPixels(maxPixels));
    }
    const input = sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' });
    const upright = meta.orientation !== undefined && meta.orientation >= 5;
    const width = (upright ? meta.height : meta.width) ?? 0;
    const height = (upright ? meta.width : meta.height) ?? 0;
    if (width < IMAGE_MIN_SIDE || height < IMAGE_MIN_SIDE) {
      throw new AppError('IMAGE_TOO_SMALL', imageMessages.tooSmall);
    }
    const fitted = input
      .rotate()
      .resize({ width: box.width, height: box.height, fit: 'inside', withoutEnlargement: true });
    output = await (
      format === 'webp'
        ? fitted.webp({ quality: 82, effort: 4 })
        : fitted.png({ compressionLevel: 9, palette: true })
    ).toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof AppError) throw error;
    // libvips' own words name internals; the operator needs to know what to do.
    throw new AppError('IMAGE_UNREADABLE', imageMessages.unreadable);
  }
  return {
    bytes: output.data,
    width: output.info.width,
    height: output.info.height,
    contentType: format === 'webp' ? 'image/webp' : 'image/png',
  };
}

export interface PreparedImage {
  name: string;
  contentType: StoredImage['contentType'];
  bytes: Buffer;
  width: number;
  height: number;
}

/** Checks and processes an upload (CPU work: do it before the transaction that stores it). */
export async function prepareUpload(
  dataUrl: string,
  box: { width: number; height: number },
  format: 'webp' | 'png',
): Promise<PreparedImage> {
  const image = await processImage(decodeUpload(dataUrl), box, format);
  const hash = createHash('sha256').update(image.bytes).digest('hex').slice(0, 32);
  return { ...image, name: `${hash}.${format}` };
}

/**
 * Every transaction that adds or drops a reference to an image takes this first, so dropping unused images
 * never races a new reference to the same image (uploads are rare; readers are not blocked).
 */
export async function lockMedia(tx: Queryable): Promise<void> {
  await tx.query('LOCK TABLE media IN EXCLUSIVE MODE');
}

/** Stores a prepared image (once per distinct content); answers where it is served. */
export async function saveMedia(tx: Queryable, image: PreparedImage, now: Date): Promise<StoredImage> {
  await tx.query(
    `INSERT INTO media (name, content_type, bytes, width, height, created_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (name) DO NOTHING`,
    [image.name, image.contentType, image.bytes, image.width, image.height, now],
  );
  return {
    name: image.name,
    url: mediaUrl(image.name),
    contentType: image.contentType,
    width: image.width,
    height: image.height,
  };
}

export const MEDIA_PREFIX = '/media/';
/** A stored image's name: a content hash and the format it was re-encoded to. */
export const MEDIA_NAME = /^[0-9a-f]{32}\.(webp|png)$/;
export const mediaUrl = (name: string) => `${MEDIA_PREFIX}${name}`;

/**
 * Removes stored images nothing points at any more (a replaced or removed slide, a cleared QR image). Call it
 * in the transaction that dropped the reference, after `lockMedia`.
 */
export async function dropUnusedMedia(tx: Queryable): Promise<void> {
  await tx.query(
    `DELETE FROM media m
      WHERE NOT EXISTS (SELECT 1 FROM slider_images s WHERE s.image_url = $1 || m.name)
        AND NOT EXISTS (SELECT 1 FROM settings s WHERE s.key = 'qr_image' AND s.value #>> '{}' = $1 || m.name)`,
    [MEDIA_PREFIX],
  );
}

export async function readMedia(
  db: Queryable,
  name: string,
): Promise<{ content_type: string; bytes: Buffer } | undefined> {
  const { rows } = await db.query<{ content_type: string; bytes: Buffer }>(
    'SELECT content_type, bytes FROM media WHERE name = $1',
    [name],
  );
  return rows[0];
}
