/** The three headlines (marquees) the player app asks for by id: read and changed by the console. */
import type { HeadlineRow } from '@gama/core/endpoints/content/console';
import { headlinePlaces } from '@gama/core/endpoints/content/console';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';

type HeadlineId = keyof typeof headlinePlaces;
const ids = [1, 2, 3] as const;

export async function headlines(db: Queryable, lock = false): Promise<HeadlineRow[]> {
  const { rows } = await db.query<{ id: number; status: string; notes: string; notes_hi: string }>(
    `SELECT id, status, notes, notes_hi FROM headlines WHERE id = ANY($1::int[]) ORDER BY id${lock ? ' FOR UPDATE' : ''}`,
    [ids],
  );
  // A headline never written reads as an empty one, switched off.
  return ids.map((id) => {
    const row = rows.find((r) => r.id === id);
    return {
      id,
      place: headlinePlaces[id],
      notes: row?.notes ?? '',
      notes_hi: row?.notes_hi ?? '',
      active: row?.status === '1',
    };
  });
}

/** Changes one headline inside the caller's transaction; answers it before and after. */
export async function changeHeadline(
  tx: Queryable,
  id: HeadlineId,
  change: { notes?: string | undefined; notes_hi?: string | undefined; active?: boolean | undefined },
): Promise<{ before: HeadlineRow; after: HeadlineRow }> {
  const before = (await headlines(tx, true)).find((h) => h.id === id);
  if (!before) throw new Error(`headline ${id} missing from its own list`);
  const after: HeadlineRow = {
    ...before,
    notes: change.notes ?? before.notes,
    notes_hi: change.notes_hi ?? before.notes_hi,
    active: change.active ?? before.active,
  };
  if (after.active && after.notes === '') {
    throw new AppError(
      'HEADLINE_TEXT_REQUIRED',
      'A headline that is on needs text; switch it off to show nothing',
    );
  }
  await tx.query(
    `INSERT INTO headlines (id, status, notes, notes_hi) VALUES ($1, $2, $3, $4)
     ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, notes = EXCLUDED.notes, notes_hi = EXCLUDED.notes_hi`,
    [id, after.active ? '1' : '0', after.notes, after.notes_hi],
  );
  return { before, after };
}
