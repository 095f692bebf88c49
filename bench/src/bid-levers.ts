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
  // columns and a unique index on (scope, key) where one is set; the judgement (gama_judge_bid) looks the key up
  // there, and the gathered write (gama_write_bids_gathered) hands each journal's key to the posting function,
  // which writes it with the journal, instead of inserting key rows. The other money paths would move their keys
  // the same way.
  'key-in-journal': {
    prelude: `ALTER TABLE journals ADD COLUMN idem_scope text, ADD COLUMN idem_key text, ADD COLUMN idem_endpoint text,
                ADD COLUMN idem_hash bytea, ADD COLUMN idem_response json;
              CREATE UNIQUE INDEX journals_by_key ON journals (idem_scope, idem_key) WHERE idem_key IS NOT NULL;
              DROP FUNCTION gama_post_journals(text, text, text, text, timestamptz, bigint[], integer[], bigint[],
                                               text[], bigint[], bigint[], text[], text[], timestamptz[]);`,
    edits: [
      {
        file: 'post_journals',
        from: `  p_ats timestamptz[] DEFAULT NULL
) RETURNS bigint[]`,
        to: `  p_ats timestamptz[] DEFAULT NULL,
  p_idem_scopes text[] DEFAULT NULL,
  p_idem_keys text[] DEFAULT NULL,
  p_idem_endpoints text[] DEFAULT NULL,
  p_idem_hashes bytea[] DEFAULT NULL,
  p_idem_responses json[] DEFAULT NULL
) RETURNS bigint[]`,
        times: 1,
      },
      {
        file: 'post_journals',
        from: `INSERT INTO journals (id, kind, actor, ref_type, ref_id, note, created_at) OVERRIDING SYSTEM VALUE
    SELECT j.id, p_kind, coalesce(j.actor, p_actor), p_ref_type, j.ref_id, coalesce(j.note, p_note), coalesce(j.at, p_at)
      FROM unnest(v_ids, p_ref_ids, p_actors, p_notes, p_ats) AS j(id, ref_id, actor, note, at)`,
        to: `INSERT INTO journals (id, kind, actor, ref_type, ref_id, note, created_at, idem_scope, idem_key, idem_endpoint,
                          idem_hash, idem_response) OVERRIDING SYSTEM VALUE
    SELECT j.id, p_kind, coalesce(j.actor, p_actor), p_ref_type, j.ref_id, coalesce(j.note, p_note), coalesce(j.at, p_at),
           j.iscope, j.ikey, j.iendpoint, j.ihash, j.iresponse
      FROM unnest(v_ids, p_ref_ids, p_actors, p_notes, p_ats, p_idem_scopes, p_idem_keys, p_idem_endpoints,
                  p_idem_hashes, p_idem_responses)
        AS j(id, ref_id, actor, note, at, iscope, ikey, iendpoint, ihash, iresponse)`,
        times: 1,
      },
      {
        // Each journal's key, gathered in one statement (instead of the key rows' INSERT) and handed to the posting.
        file: 'place_bid',
        from: `BEGIN
  PERFORM gama_post_journals('bid', NULL, 'market', NULL, NULL, j_markets,`,
        to: `DECLARE
  k_scopes text[];
  k_keys text[];
  k_endpoints text[];
  k_hashes bytea[];
  k_answers json[];
BEGIN
  SELECT array_agg(p_scopes[g.s] ORDER BY g.o), array_agg(p_keys[g.s] ORDER BY g.o),
         array_agg(p_endpoints[g.s] ORDER BY g.o), array_agg(p_hashes[g.s] ORDER BY g.o),
         array_agg(g.a::json ORDER BY g.o)
    INTO k_scopes, k_keys, k_endpoints, k_hashes, k_answers
    FROM unnest(g_slips, g_answers) WITH ORDINALITY AS g(s, a, o);
  PERFORM gama_post_journals('bid', NULL, 'market', NULL, NULL, j_markets,`,
        times: 1,
      },
      {
        file: 'place_bid',
        from: `j_ids, j_actors, j_notes, j_ats);`,
        to: `j_ids, j_actors, j_notes, j_ats, k_scopes, k_keys, k_endpoints, k_hashes, k_answers);`,
        times: 1,
      },
      {
        file: 'place_bid',
        from: 'WHERE p_keys[g.s] IS NOT NULL;',
        to: 'WHERE false;',
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
  // The single call's gathering of rows (gama_place_bid), which is what bid-instructions counts.
  'one-row-per-slip': {
    edits: [
      {
        file: 'place_bid',
        from: `    IF v_judged.o_taken[n] IS DISTINCT FROM false THEN
      r_rows := r_rows || n;`,
        to: `    IF n = 1 AND v_judged.o_taken[n] IS DISTINCT FROM false THEN
      r_rows := r_rows || n;`,
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
