/**
 * Reading the audit log: filters, sorting and paging in SQL (the log grows without bound), and the CSV the
 * console downloads for the same filters, audited here as it is made (decision 045).
 */
import type { AuditRow, auditSorts } from '@gama/core/endpoints/audit/index';
import { AUDIT_EXPORT_MAX_ROWS } from '@gama/core/endpoints/audit/index';
import type { SortDirection } from '@gama/core/endpoints/paging';
import { isIsoDate } from '@gama/core/rules/dates';
import { zonedParts } from '@gama/core/rules/time';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { CsvReply } from '../../http/route.ts';
import { toCsv } from '../../lib/csv.ts';
import type { Actor } from './writer.ts';
import { audit } from './writer.ts';

export interface AuditFilters {
  operator_id?: number | undefined;
  action?: string | undefined;
  target_type?: string | undefined;
  target_id?: string | undefined;
  player_id?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  sort: (typeof auditSorts)[number];
  dir: SortDirection;
}

const DAY_MS = 86_400_000;

/** The instant a wall-clock day starts in `timeZone`. */
export function startOfDay(date: string, timeZone: string): Date {
  const wall = Date.parse(`${date}T00:00:00Z`);
  // The zone's offset at about that moment: what its clock reads at `wall` minus `wall`.
  const parts = zonedParts(new Date(wall), timeZone);
  const offset = Date.parse(`${parts.date}T00:00:00Z`) + parts.minutes * 60_000 - wall;
  return new Date(wall - offset);
}

function bound(value: string, side: 'from' | 'to', timeZone: string): Date {
  if (!isIsoDate(value)) return new Date(value);
  const start = startOfDay(value, timeZone);
  // `to` a day means through the end of that day.
  return side === 'from' ? start : new Date(start.getTime() + DAY_MS - 1);
}

/** Each column's ORDER BY in both directions; ties fall to the newest row (by time, to the oldest ascending). */
const orderBy: Record<AuditFilters['sort'], Record<SortDirection, string>> = {
  at: { asc: 'a.created_at ASC, a.id ASC', desc: 'a.created_at DESC, a.id DESC' },
  action: { asc: 'a.action ASC, a.id DESC', desc: 'a.action DESC, a.id DESC' },
  operator: {
    asc: 'a.username ASC NULLS LAST, a.id DESC',
    desc: 'a.username DESC NULLS LAST, a.id DESC',
  },
};

function where(filters: AuditFilters, timeZone: string): { sql: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const add = (clause: (n: string) => string, value: unknown) => {
    params.push(value);
    clauses.push(clause(`$${params.length}`));
  };
  if (filters.operator_id !== undefined) add((p) => `a.operator_id = ${p}`, filters.operator_id);
  if (filters.action !== undefined) add((p) => `a.action = ${p}`, filters.action);
  if (filters.target_type !== undefined) add((p) => `a.target_type = ${p}`, filters.target_type);
  if (filters.target_id !== undefined) add((p) => `a.target_id = ${p}`, filters.target_id);
  if (filters.player_id !== undefined) add((p) => `a.player_id = ${p}`, filters.player_id);
  if (filters.from !== undefined) add((p) => `a.created_at >= ${p}`, bound(filters.from, 'from', timeZone));
  if (filters.to !== undefined) add((p) => `a.created_at <= ${p}`, bound(filters.to, 'to', timeZone));
  return { sql: clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

interface DbRow {
  id: number;
  created_at: Date;
  operator_id: number | null;
  username: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  player_id: number | null;
  ip: string | null;
  user_agent: string | null;
  request_id: string | null;
  before_state: unknown;
  after_state: unknown;
  detail: Record<string, unknown>;
}

const columns = `a.id, a.created_at, a.operator_id, a.username, a.action, a.target_type, a.target_id,
  a.player_id, a.ip, a.user_agent, a.request_id, a.before_state, a.after_state, a.detail`;

function toRow(r: DbRow): AuditRow {
  return {
    id: r.id,
    at: r.created_at.toISOString(),
    operator_id: r.operator_id,
    username: r.username,
    action: r.action,
    target_type: r.target_type,
    target_id: r.target_id,
    player_id: r.player_id,
    ip: r.ip,
    user_agent: r.user_agent,
    request_id: r.request_id,
    before: r.before_state,
    after: r.after_state,
    detail: r.detail,
  };
}

export async function auditPage(
  db: Queryable,
  filters: AuditFilters,
  page: { page: number; pageSize: number },
  timeZone: string,
): Promise<{ rows: AuditRow[]; total: number }> {
  const w = where(filters, timeZone);
  const { rows: counted } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM audit_log a ${w.sql}`,
    w.params,
  );
  const offset = (page.page - 1) * page.pageSize;
  const { rows } = await db.query<DbRow>(
    `SELECT ${columns} FROM audit_log a ${w.sql} ORDER BY ${orderBy[filters.sort][filters.dir]}
      LIMIT $${w.params.length + 1} OFFSET $${w.params.length + 2}`,
    [...w.params, page.pageSize, offset],
  );
  return { rows: rows.map(toRow), total: counted[0]?.n ?? 0 };
}

export async function auditRows(
  db: Queryable,
  filters: AuditFilters,
  limit: number,
  timeZone: string,
): Promise<AuditRow[]> {
  const w = where(filters, timeZone);
  const { rows } = await db.query<DbRow>(
    `SELECT ${columns} FROM audit_log a ${w.sql} ORDER BY ${orderBy[filters.sort][filters.dir]} LIMIT $${w.params.length + 1}`,
    [...w.params, limit],
  );
  return rows.map(toRow);
}

export async function auditActions(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ action: string }>(
    'SELECT DISTINCT action FROM audit_log ORDER BY action',
  );
  return rows.map((r) => r.action);
}

export const auditCsvColumns = [
  'id',
  'at',
  'operator_id',
  'username',
  'action',
  'target_type',
  'target_id',
  'player_id',
  'ip',
  'user_agent',
  'request_id',
  'before',
  'after',
  'detail',
] as const satisfies readonly (keyof AuditRow)[];

/** Rows for the CSV: the JSON columns (before, after, detail) as JSON text in one cell each. */
export function auditCsvRows(rows: readonly AuditRow[]): Record<string, unknown>[] {
  return rows.map((row) => ({
    ...row,
    before: row.before === null ? null : JSON.stringify(row.before),
    after: row.after === null ? null : JSON.stringify(row.after),
    detail: JSON.stringify(row.detail),
  }));
}

/**
 * Every row matching the filters as CSV. The log holds addresses and players' ids, so who took a copy is
 * itself worth a row: written in the transaction that reads the copy, after the rows it lists, so an export
 * refused as too large, or one that fails, leaves none.
 */
export async function exportAudit(
  db: Database,
  who: Actor,
  filters: AuditFilters,
  timeZone: string,
  now: Date,
): Promise<CsvReply> {
  return db.transaction(async (tx) => {
    // One row past the cap tells an export that is too large from one that just fits.
    const rows = await auditRows(tx, filters, AUDIT_EXPORT_MAX_ROWS + 1, timeZone);
    if (rows.length > AUDIT_EXPORT_MAX_ROWS) {
      throw new AppError(
        'AUDIT_EXPORT_TOO_LARGE',
        `More than ${AUDIT_EXPORT_MAX_ROWS.toLocaleString('en-US')} rows match: narrow the filters (dates, operator, action) to export`,
      );
    }
    const csv = toCsv(auditCsvColumns, auditCsvRows(rows));
    await audit(tx, {
      operatorId: who.operator.id,
      action: 'audit_export',
      detail: { ...filters, rows: rows.length },
      request: who.request,
      at: now,
    });
    return new CsvReply(`gama-audit-${now.toISOString().slice(0, 10)}.csv`, csv);
  });
}
