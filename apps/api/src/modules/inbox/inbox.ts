/**
 * The operator's inbox (issue 32 item 10). Rows are written in the transaction that makes them true (a
 * declaration stored, a declaration rejected), so an inbox never names a declaration that was rolled back;
 * everything an item shows is read from the declaration at listing time, so it never goes stale.
 */
import type { InboxItem } from '@gama/core/endpoints/inbox/index';
import { INBOX_LIMIT } from '@gama/core/endpoints/inbox/index';
import { rolePermissions, roles } from '@gama/core/operators/permissions';
import type { Queryable } from '../../db/database.ts';

/** Roles that may approve a declaration: their enabled operators are told one waits. */
const approverRoles = roles.filter((role) => rolePermissions[role].has('results.approve'));

/** A note about a declaration, written in the transaction that stores or decides it. */
type DeclarationNote = (tx: Queryable, declarationId: number, makerId: number, at: Date) => Promise<void>;

/** Tells every enabled operator who may approve it, except its maker, that a declaration waits. */
export const noteDeclarationWaiting: DeclarationNote = async (tx, declarationId, makerId, at) => {
  await tx.query(
    `INSERT INTO operator_inbox (operator_id, kind, declaration_id, created_at)
     SELECT id, 'declaration_waiting', $1, $3 FROM operators
      WHERE role = ANY($4::text[]) AND disabled_at IS NULL AND id <> $2
     ON CONFLICT (operator_id, kind, declaration_id) DO NOTHING`,
    [declarationId, makerId, at, approverRoles],
  );
};

/** Tells the maker that their declaration was rejected. */
export const noteDeclarationRejected: DeclarationNote = async (tx, declarationId, makerId, at) => {
  await tx.query(
    `INSERT INTO operator_inbox (operator_id, kind, declaration_id, created_at)
     VALUES ($1, 'declaration_rejected', $2, $3)
     ON CONFLICT (operator_id, kind, declaration_id) DO NOTHING`,
    [makerId, declarationId, at],
  );
};

interface Row {
  id: number;
  kind: InboxItem['kind'];
  created_at: Date;
  read_at: Date | null;
  declaration_id: number;
  market_id: number;
  market_name: string;
  grp: InboxItem['declaration']['group'];
  market_date: string;
  half: InboxItem['declaration']['half'];
  value: string;
  state: InboxItem['declaration']['state'];
  maker_id: number;
  maker: string;
  checker_id: number | null;
  checker: string | null;
  reason: string | null;
  decided_at: Date | null;
}

/** A waiting declaration stops calling for anything once decided; a rejection stays news until read. */
const isCurrent = (row: Pick<Row, 'kind' | 'state'>) =>
  row.kind === 'declaration_rejected' || row.state === 'pending_approval';

export async function inboxOf(
  db: Queryable,
  operatorId: number,
): Promise<{ unread: number; items: InboxItem[] }> {
  const { rows } = await db.query<Row>(
    `SELECT i.id, i.kind, i.created_at, i.read_at, d.id AS declaration_id, d.market_id, k.name AS market_name,
            k.grp, to_char(d.market_date, 'YYYY-MM-DD') AS market_date, d.half, d.value, d.state,
            d.maker_id, m.username AS maker, d.checker_id, c.username AS checker, d.reason, d.decided_at
       FROM operator_inbox i
       JOIN result_declarations d ON d.id = i.declaration_id
       JOIN markets k ON k.id = d.market_id
       JOIN operators m ON m.id = d.maker_id
       LEFT JOIN operators c ON c.id = d.checker_id
      WHERE i.operator_id = $1
      ORDER BY i.id DESC
      LIMIT $2`,
    [operatorId, INBOX_LIMIT],
  );
  const { rows: counted } = await db.query<{ unread: number }>(
    `SELECT count(*)::int AS unread
       FROM operator_inbox i JOIN result_declarations d ON d.id = i.declaration_id
      WHERE i.operator_id = $1 AND i.read_at IS NULL
        AND (i.kind = 'declaration_rejected' OR d.state = 'pending_approval')`,
    [operatorId],
  );
  return {
    unread: counted[0]?.unread ?? 0,
    items: rows.map((row) => ({
      id: Number(row.id),
      kind: row.kind,
      created_at: row.created_at.toISOString(),
      read: row.read_at !== null,
      current: isCurrent(row),
      declaration: {
        declaration_id: Number(row.declaration_id),
        market_id: Number(row.market_id),
        market_name: row.market_name,
        group: row.grp,
        date: row.market_date,
        half: row.half,
        value: row.value,
        state: row.state,
        maker: { id: Number(row.maker_id), username: row.maker },
        checker:
          row.checker_id === null
            ? null
            : { id: Number(row.checker_id), username: row.checker ?? `operator ${row.checker_id}` },
        reason: row.reason,
        decided_at: row.decided_at?.toISOString() ?? null,
      },
    })),
  };
}

/** Marks the operator's own items read (all of them without ids); another operator's ids match nothing. */
export async function markInboxRead(
  db: Queryable,
  operatorId: number,
  ids: readonly number[] | undefined,
  at: Date,
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `UPDATE operator_inbox SET read_at = $2
      WHERE operator_id = $1 AND read_at IS NULL AND ($3::bigint[] IS NULL OR id = ANY($3::bigint[]))
      RETURNING id`,
    [operatorId, at, ids ?? null],
  );
  return rows.length;
}
