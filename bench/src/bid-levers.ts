/**
 * Ways of writing less per bid, counted by bid-instructions (BENCH_LEVERS) before any becomes a change. Each edits
 * the text of the repeatable SQL files the server runs (apps/api/src/db/functions: the bid function and the
 * ledger's posting function), so a lever follows the current definition, and an edit that no longer finds its
 * text fails instead of counting something else. None of these is a change to make as it stands: each changes only
 * the bid path, to measure what the change would save there.
 */
import { readFileSync } from 'node:fs';

/** The repeatable files a lever may edit, by name (apps/api/src/db/functions/<name>.sql). */
export type FunctionFile = 'place_bid' | 'post_journals';

export interface Lever {
  /** SQL run before the edited files are applied (new columns, indexes, a signature dropped). */
  prelude?: string;
  /** Text replacements in the files: each `from` must occur `times` times in its file. */
  edits: { file: FunctionFile; from: string; to: string; times: number }[];
}

export const LEVERS: Record<string, Lever> = {
  // The idempotency key kept in the bid's journal row instead of a row of its own: the journal gets the key's
  // columns and a unique index on (scope, key) where one is set; the call looks the key up there and hands it to
  // the posting function, which writes it with the journal. The other money paths would move their keys the same
  // way.
  'key-in-journal': {
    prelude: `ALTER TABLE journals ADD COLUMN idem_scope text, ADD COLUMN idem_key text, ADD COLUMN idem_endpoint text,
                ADD COLUMN idem_hash bytea, ADD COLUMN idem_response json;
              CREATE UNIQUE INDEX journals_by_key ON journals (idem_scope, idem_key) WHERE idem_key IS NOT NULL;
              DROP FUNCTION gama_post_journals(text, text, text, text, timestamptz, bigint[], integer[], bigint[],
                                               text[], bigint[], bigint[]);`,
    edits: [
      {
        file: 'post_journals',
        from: `  p_ids bigint[] DEFAULT NULL
) RETURNS bigint[]`,
        to: `  p_ids bigint[] DEFAULT NULL,
  p_idem_scope text DEFAULT NULL,
  p_idem_key text DEFAULT NULL,
  p_idem_endpoint text DEFAULT NULL,
  p_idem_hash bytea DEFAULT NULL,
  p_idem_response json DEFAULT NULL
) RETURNS bigint[]`,
        times: 1,
      },
      {
        file: 'post_journals',
        from: `INSERT INTO journals (id, kind, actor, ref_type, ref_id, note, created_at) OVERRIDING SYSTEM VALUE
    SELECT j.id, p_kind, p_actor, p_ref_type, j.ref_id, p_note, p_at`,
        to: `INSERT INTO journals (id, kind, actor, ref_type, ref_id, note, created_at, idem_scope, idem_key, idem_endpoint,
                          idem_hash, idem_response) OVERRIDING SYSTEM VALUE
    SELECT j.id, p_kind, p_actor, p_ref_type, j.ref_id, p_note, p_at, p_idem_scope, p_idem_key, p_idem_endpoint,
           p_idem_hash, p_idem_response`,
        times: 1,
      },
      {
        file: 'place_bid',
        from: `ARRAY[-total.cost, total.cost]))[1] AS id`,
        to: `ARRAY[-total.cost, total.cost], NULL, p_scope, p_key, p_endpoint, p_hash,
                               json_build_object('balance', v_balance - total.cost, 'cost', total.cost,
                                                 'refused', total.refused)))[1] AS id`,
        times: 1,
      },
      {
        file: 'place_bid',
        from: 'FROM outcome WHERE p_key IS NOT NULL AND outcome.journal_id IS NOT NULL',
        to: 'FROM outcome WHERE false',
        times: 1,
      },
      {
        file: 'place_bid',
        from: 'LEFT JOIN idempotency_keys k ON p_key IS NOT NULL AND k.scope = p_scope AND k.key = p_key',
        to: 'LEFT JOIN journals k ON p_key IS NOT NULL AND k.idem_scope = p_scope AND k.idem_key = p_key',
        times: 1,
      },
      {
        file: 'place_bid',
        from: 'k.scope IS NOT NULL AS keyed, k.endpoint, k.request_hash, k.response',
        to: 'k.idem_scope IS NOT NULL AS keyed, k.idem_endpoint AS endpoint, k.idem_hash AS request_hash, k.idem_response AS response',
        times: 1,
      },
    ],
  },
  // A slip written as one bid row whatever its number of rows (only the first is written; the journal still
  // carries the whole cost): the most that keeping a slip's numbers and points in arrays of one row could save.
  'one-row-per-slip': {
    edits: [
      {
        file: 'place_bid',
        from: 'WHERE slip.ok\n     ORDER BY slip.n',
        to: 'WHERE slip.ok AND slip.n = 1\n     ORDER BY slip.n',
        times: 1,
      },
    ],
  },
};

/** The text of a repeatable SQL file as the server applies it. */
export function functionFile(file: FunctionFile): string {
  return readFileSync(new URL(`../../apps/api/src/db/functions/${file}.sql`, import.meta.url), 'utf8');
}

/** The files the lever edits, each as the server has it with the lever's edits made, in a fixed order. */
export function editedFiles(name: string, lever: Lever, read = functionFile): string[] {
  const files = [...new Set(lever.edits.map((e) => e.file))].sort();
  return files.map((file) => {
    let text = read(file);
    for (const { from, to, times } of lever.edits.filter((e) => e.file === file)) {
      const found = text.split(from).length - 1;
      if (found !== times) {
        throw new Error(
          `lever ${name}: found ${found} of ${times} × ${JSON.stringify(from.slice(0, 60))} in ${file}.sql`,
        );
      }
      text = text.split(from).join(to);
    }
    return text;
  });
}
