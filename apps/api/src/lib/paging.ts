/**
 * SQL for the console's tables: filters collected with their parameters, the ORDER BY of a whitelisted sort
 * column (ties broken by id, so pages never overlap), LIMIT/OFFSET of a page or of a whole CSV export, and
 * date ranges read as calendar days in the market time zone.
 */
import { CSV_MAX_ROWS } from '@gama/core/endpoints/paging';

export interface PageParams {
  page: number;
  page_size: number;
  dir: 'asc' | 'desc';
  format?: 'json' | 'csv';
}

export class SqlFilter {
  readonly params: unknown[];
  readonly #clauses: string[] = [];

  constructor(params: unknown[] = []) {
    this.params = params;
  }

  /** Adds a parameter and answers its placeholder. */
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  where(clause: string): this {
    this.#clauses.push(clause);
    return this;
  }

  /** `WHERE …` (or nothing). */
  get sql(): string {
    return this.#clauses.length === 0 ? '' : `WHERE ${this.#clauses.join(' AND ')}`;
  }

  /** `AND …` to append to a WHERE of the caller's (or nothing). */
  get and(): string {
    return this.#clauses.map((c) => ` AND ${c}`).join('');
  }

  /** Rows whose `column` falls on the days from..to (inclusive) in `timeZone`. */
  dateRange(
    column: string,
    range: { from?: string | undefined; to?: string | undefined },
    timeZone: string,
  ): this {
    if (range.from === undefined && range.to === undefined) return this;
    const zone = this.param(timeZone);
    if (range.from !== undefined)
      this.where(`${column} >= (${this.param(range.from)}::date::timestamp AT TIME ZONE ${zone})`);
    if (range.to !== undefined)
      this.where(`${column} < ((${this.param(range.to)}::date + 1)::timestamp AT TIME ZONE ${zone})`);
    return this;
  }

  /**
   * A player search box: digits match a phone prefix or (up to 15 digits) an id; other text a name, anywhere in
   * it, ignoring case. `player` is the alias of the players table.
   */
  playerSearch(player: string, q: string | undefined): this {
    if (q === undefined) return this;
    const text = q.trim();
    if (/^\d+$/.test(text)) {
      const prefix = this.param(`${text}%`);
      return this.where(
        text.length <= 15
          ? `(${player}.mobile LIKE ${prefix} OR ${player}.id = ${this.param(Number(text))}::bigint)`
          : `${player}.mobile LIKE ${prefix}`,
      );
    }
    const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return this.where(`${player}.user_name ILIKE ${this.param(pattern)}`);
  }
}

/** ORDER BY of a whitelisted column, then the id in the same direction. */
export function orderBy(column: string, idColumn: string, dir: 'asc' | 'desc'): string {
  const d = dir === 'asc' ? 'ASC' : 'DESC';
  return column === idColumn ? `ORDER BY ${idColumn} ${d}` : `ORDER BY ${column} ${d}, ${idColumn} ${d}`;
}

/** LIMIT/OFFSET of the page, or for an export every row up to one past CSV_MAX_ROWS (too many to export). */
export function pageWindow(page: PageParams): { limit: number; offset: number } {
  if (page.format === 'csv') return { limit: CSV_MAX_ROWS + 1, offset: 0 };
  return { limit: page.page_size, offset: (page.page - 1) * page.page_size };
}

export const iso = (at: Date): string => at.toISOString();
export const isoOrNull = (at: Date | null): string | null => (at === null ? null : at.toISOString());
