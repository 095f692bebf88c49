/**
 * The home slider: slides in order, each an image the server stored (or the demo's static files). Positions
 * are kept dense from 0, so the player app's order is simply `ORDER BY sort`.
 */
import { SLIDES_MAX } from '@gama/core/endpoints/content/console';
import type { SlideRow } from '@gama/core/endpoints/content/console';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import type { StoredImage } from './images.ts';
import { slideMessages } from '@gama/core/endpoints/content/console';

export async function slides(db: Queryable, lock = false): Promise<SlideRow[]> {
  const { rows } = await db.query<SlideRow>(
    `SELECT id, title, title_hi, image_url, sort, active FROM slider_images ORDER BY sort, id${lock ? ' FOR UPDATE' : ''}`,
  );
  return rows;
}

/** Writes positions 0, 1, 2, … in the given order. */
async function renumber(tx: Queryable, ids: readonly number[]): Promise<void> {
  await tx.query(
    `UPDATE slider_images s SET sort = o.pos - 1
       FROM unnest($1::int[]) WITH ORDINALITY AS o(id, pos) WHERE s.id = o.id AND s.sort <> o.pos - 1`,
    [ids],
  );
}

export async function addSlide(
  tx: Queryable,
  input: { title: string; title_hi: string; image: StoredImage },
): Promise<{ before: SlideRow[]; slide: SlideRow }> {
  const before = await slides(tx, true);
  if (before.length >= SLIDES_MAX) throw new AppError('SLIDES_FULL', slideMessages.full);
  const { rows } = await tx.query<SlideRow>(
    `INSERT INTO slider_images (title, title_hi, image_url, sort) VALUES ($1, $2, $3, $4)
     RETURNING id, title, title_hi, image_url, sort, active`,
    [input.title, input.title_hi, input.image.url, before.length],
  );
  const slide = rows[0];
  if (!slide) throw new Error('slide insert answered no row');
  return { before, slide };
}

export async function updateSlide(
  tx: Queryable,
  id: number,
  change: {
    title?: string | undefined;
    title_hi?: string | undefined;
    image?: StoredImage | undefined;
    active?: boolean | undefined;
  },
): Promise<{ before: SlideRow; after: SlideRow }> {
  const before = (await slides(tx, true)).find((s) => s.id === id);
  if (!before) throw new AppError('NOT_FOUND', slideMessages.notFound);
  const { rows } = await tx.query<SlideRow>(
    `UPDATE slider_images SET title = $2, image_url = $3, active = $4, title_hi = $5 WHERE id = $1
     RETURNING id, title, title_hi, image_url, sort, active`,
    [
      id,
      change.title ?? before.title,
      change.image?.url ?? before.image_url,
      change.active ?? before.active,
      change.title_hi ?? before.title_hi,
    ],
  );
  const after = rows[0];
  if (!after) throw new Error(`slide ${id} vanished under its lock`);
  return { before, after };
}

export async function removeSlide(
  tx: Queryable,
  id: number,
): Promise<{ before: SlideRow[]; after: SlideRow[] }> {
  const before = await slides(tx, true);
  if (!before.some((s) => s.id === id)) throw new AppError('NOT_FOUND', slideMessages.notFound);
  await tx.query('DELETE FROM slider_images WHERE id = $1', [id]);
  const rest = before.filter((s) => s.id !== id).map((s) => s.id);
  await renumber(tx, rest);
  return { before, after: await slides(tx) };
}

export async function orderSlides(
  tx: Queryable,
  ids: readonly number[],
): Promise<{ before: SlideRow[]; after: SlideRow[] }> {
  const before = await slides(tx, true);
  const known = new Set(before.map((s) => s.id));
  if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id))) {
    throw new AppError('SLIDE_ORDER_INVALID', slideMessages.order);
  }
  await renumber(tx, ids);
  return { before, after: await slides(tx) };
}
