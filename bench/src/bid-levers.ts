/**
 * Ways of writing less per bid, counted by bid-instructions (BENCH_LEVERS) before any becomes a migration. Each
 * edits the bid function as the seeded cluster has it (`pg_get_functiondef`), so a lever follows the current
 * migration, and an edit that no longer finds its text fails instead of counting something else. None of these is
 * a change to make as it stands: each changes only the bid path, to measure what the change would save there.
 */
export interface Lever {
  /** SQL run before the function is replaced (new columns, indexes). */
  prelude?: string;
  /** Text replacements in the function's definition: each `from` must occur `times` times. */
  edits: { from: string; to: string; times: number }[];
}

export const LEVERS: Record<string, Lever> = {
  // The idempotency key kept in the bid's journal row instead of a row of its own: the journal gets the key's
  // columns and a unique index on (scope, key) where one is set; the call looks the key up there and writes it
  // with the journal. The other money paths would move their keys the same way.
  'key-in-journal': {
    prelude: `ALTER TABLE journals ADD COLUMN idem_scope text, ADD COLUMN idem_key text, ADD COLUMN idem_endpoint text,
                ADD COLUMN idem_hash bytea, ADD COLUMN idem_response json;
              CREATE UNIQUE INDEX journals_by_key ON journals (idem_scope, idem_key) WHERE idem_key IS NOT NULL;`,
    edits: [
      {
        from: `INSERT INTO journals (kind, actor, ref_type, ref_id, note, created_at)
      SELECT 'bid', 'player:' || p_player, 'market', p_market, p_note, p_now
        FROM total`,
        to: `INSERT INTO journals (kind, actor, ref_type, ref_id, note, created_at, idem_scope, idem_key, idem_endpoint,
                            idem_hash, idem_response)
      SELECT 'bid', 'player:' || p_player, 'market', p_market, p_note, p_now, p_scope, p_key, p_endpoint, p_hash,
             json_build_object('balance', v_balance - total.cost, 'cost', total.cost, 'refused', total.refused)
        FROM total`,
        times: 2,
      },
      {
        from: 'FROM outcome WHERE p_key IS NOT NULL AND outcome.journal_id IS NOT NULL',
        to: 'FROM outcome WHERE false',
        times: 2,
      },
      {
        from: 'LEFT JOIN idempotency_keys k ON p_key IS NOT NULL AND k.scope = p_scope AND k.key = p_key',
        to: 'LEFT JOIN journals k ON p_key IS NOT NULL AND k.idem_scope = p_scope AND k.idem_key = p_key',
        times: 1,
      },
      {
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
        from: 'WHERE slip.ok\n       ORDER BY slip.n',
        to: 'WHERE slip.ok AND slip.n = 1\n       ORDER BY slip.n',
        times: 2,
      },
    ],
  },
};

/** The function's definition with the lever's edits made. */
export function editDefinition(name: string, lever: Lever, definition: string): string {
  let text = definition;
  for (const { from, to, times } of lever.edits) {
    const found = text.split(from).length - 1;
    if (found !== times) {
      throw new Error(`lever ${name}: found ${found} of ${times} × ${JSON.stringify(from.slice(0, 60))}`);
    }
    text = text.split(from).join(to);
  }
  return text;
}
