/**
 * What a record under the two-person rule (a held credit, a notice, a result declaration, a revert proposal)
 * stores about its two operators, read the same way by each: the maker joined as `mk`, the checker as `ck`
 * once one has decided.
 */

/** The maker and checker columns of such a record's row, as its SELECT names them. */
export interface MakerCheckerSql {
  maker_id: number;
  maker_username: string;
  created_at: Date;
  checker_id: number | null;
  checker_username: string | null;
  decided_at: Date | null;
}

/** The joins that read the maker's and the checker's usernames of the record aliased `alias`. */
export const makerCheckerJoins = (alias: string): string => `JOIN operators mk ON mk.id = ${alias}.maker_id
  LEFT JOIN operators ck ON ck.id = ${alias}.checker_id`;

/** The checker as the console reads it: none until one decides, named by its id if the join found no name. */
export function checkerOf(r: MakerCheckerSql): { id: number; username: string } | null {
  return r.checker_id === null
    ? null
    : { id: Number(r.checker_id), username: r.checker_username ?? `operator ${r.checker_id}` };
}
