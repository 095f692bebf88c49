/**
 * Sharding on paper, checked (issue 18, docs/scaling.md "On a distributed PostgreSQL"). Gama's SQL must stay
 * within what a distributed engine distributing by player accepts (Citus; YugabyteDB and CockroachDB alike):
 *
 * 1. every table has a place: distributed by player, reference (copied to every node), or local to one node;
 * 2. no advisory lock outside the listed rate-limit counters: Citus takes one on the node it is sent to only,
 *    CockroachDB's were no-op stubs for years, so an advisory lock guarding money would guard nothing there;
 * 3. the statements of a bid's transaction touch only the bidding player's rows and reference tables, except
 *    the listed crossings (the draw's exposure row), so a bid runs on the player's shard.
 *
 * Each check is a function run on the real server first and on a planted example after, which must fail.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable, QueryResult } from '../src/db/database.ts';
import { seedMarket } from '../src/seed/markets.ts';
import { openTestDatabase } from './db.ts';
import type { TestApp } from './helpers.ts';
import { createTestApp } from './helpers.ts';
import { expectLedgerClean, fund, operatorToken } from './money.ts';

type Placement = 'player' | 'reference' | 'local';

/** Where each table (and view) lives on a cluster distributing by player; docs/scaling.md says why. */
const PLACEMENT: Record<string, Placement> = {
  // Distributed by player id and co-located: a player's money, bids and requests live on one shard.
  players: 'player',
  accounts: 'player',
  journals: 'player',
  entries: 'player',
  idempotency_keys: 'player',
  bids: 'player',
  win_credits: 'player',
  deposit_requests: 'player',
  deposit_screenshots: 'player',
  utr_attempts: 'player',
  withdraw_requests: 'player',
  payout_methods: 'player',
  transfers: 'player',
  play_limits: 'player',
  notifications: 'player',
  // A player's code, and the referral of the referred player (the referrer's side is read across players).
  referral_codes: 'player',
  referrals: 'player',
  // A player's devices and the kinds pushed to them.
  push_subscriptions: 'player',
  push_preferences: 'player',
  // A player's support conversations and their messages; the console's inbox reads them across players.
  support_threads: 'player',
  support_messages: 'player',
  // Small, read on every node, written by operators: copied everywhere.
  markets: 'reference',
  game_rates: 'reference',
  rate_versions: 'reference',
  liability_caps: 'reference',
  settings: 'reference',
  headlines: 'reference',
  slider_images: 'reference',
  media: 'reference',
  operators: 'reference',
  support_canned_replies: 'reference',
  // Declared results: a bid reads its draw's (refused once decided); written by a declaration, rarely.
  results: 'reference',
  // One node (the coordinator), or their own distribution key: not keyed by a player.
  sessions: 'local',
  otp_codes: 'local',
  flow_tickets: 'local',
  rate_events: 'local',
  sms_outbox: 'local',
  operator_sessions: 'local',
  operator_recovery_codes: 'local',
  operator_inbox: 'local',
  audit_log: 'local',
  audit_chain_head: 'local',
  result_declarations: 'local',
  result_revert_proposals: 'local',
  // An operator's money moves are summed per operator across players, and the holds are a desk queue.
  operator_money_moves: 'local',
  money_holds: 'local',
  number_exposure: 'local',
  bank_statements: 'local',
  bank_statement_lines: 'local',
  closed_account_breaks: 'local',
  // Written by the backup job once a day, read by the dashboard.
  backup_reports: 'local',
  detached_draw_months: 'local',
  bid_outcomes: 'local',
  // The push queue's outbox: batches of notification ids across players, claimed by any process.
  push_outbox: 'local',
  // Which repeatable SQL file (db/functions) was applied with what text: the schema's own bookkeeping.
  schema_repeatables: 'local',
  // A flag names several players (a chain's, a link's two) and the risk queue reads them across players.
  risk_flags: 'local',
  risk_sweeps: 'local',
  // Operator notices (decision 037): a desk queue read across players, and the day row their sends lock.
  notices: 'local',
  notice_days: 'local',
};

/**
 * The only advisory locks allowed, per file with their count: each serializes a rate-limit counter (count,
 * then insert), never money. On a cluster they would hold per node only; docs/scaling.md says what replaces
 * them (a counter row per key, locked by an upsert as number_exposure is).
 */
const ADVISORY_LOCKS: Record<string, { count: number; why: string }> = {
  'src/modules/auth/throttle.ts': { count: 1, why: 'sign-in failure counters per account and address' },
  'src/modules/auth/lookups.ts': { count: 1, why: 'phone lookups per address and device' },
  'src/modules/auth/otp.ts': { count: 1, why: 'one-time code sends per phone' },
  'src/modules/support/player-threads.ts': { count: 1, why: 'support messages per player' },
};

/**
 * Tables a bid's transaction may write although they are not the player's: each is a crossing to another
 * shard in the same transaction (two-phase commit on Citus, a distributed transaction elsewhere).
 */
const BID_PATH_CROSSINGS: Record<string, string> = {
  number_exposure:
    "the draw's liability per capped number is shared by every player who bets on it (issue 16 caps): one row per number, locked by the upsert; an uncapped number keeps none",
};

const ADVISORY = /\bpg_(?:try_)?advisory_(?:xact_)?lock(?:_shared)?\s*\(/g;

interface SourceFile {
  path: string;
  text: string;
}

/** Advisory locks outside the allowed list, or more of them in a listed file than it declares. */
function advisoryLockViolations(files: readonly SourceFile[]): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const found = [...file.text.matchAll(ADVISORY)].length;
    if (found === 0) continue;
    const allowed = ADVISORY_LOCKS[file.path];
    if (!allowed) problems.push(`${file.path}: ${found} advisory lock(s), not a listed rate-limit counter`);
    else if (found !== allowed.count)
      problems.push(`${file.path}: ${found} advisory lock(s), ${allowed.count} listed`);
  }
  return problems;
}

interface Statement {
  text: string;
  params: readonly unknown[];
  rows: readonly Record<string, unknown>[];
}

const WRITE = /^\s*(?:WITH\b[\s\S]*?\b)?(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+([a-z_]+)/i;

/** Every table or view a statement names after FROM, JOIN, INTO or UPDATE that the placement map knows. */
function tablesOf(text: string): Set<string> {
  const tables = new Set<string>();
  for (const m of text.matchAll(/\b(?:FROM|JOIN|INTO|UPDATE)\s+([a-z_]+)/gi)) {
    const name = (m[1] as string).toLowerCase();
    if (name in PLACEMENT) tables.add(name);
  }
  return tables;
}

function writtenTables(text: string): Set<string> {
  const written = new Set<string>();
  for (const m of text.matchAll(/\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+([a-z_]+)/gi)) {
    written.add((m[1] as string).toLowerCase());
  }
  const lead = WRITE.exec(text);
  if (lead) written.add((lead[2] as string).toLowerCase());
  return written;
}

function scalars(value: unknown, out: unknown[]): unknown[] {
  if (Array.isArray(value)) for (const v of value) scalars(v, out);
  else if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    for (const v of Object.values(value)) scalars(v, out);
  } else out.push(value);
  return out;
}

const key = (v: unknown): string => String(v);

/**
 * Adds the problems of one statement's tables (a reference table written, a local one touched off the list);
 * answers whether it names a player table, which then needs binding to the player.
 */
function placementProblems(text: string, problems: string[]): boolean {
  const written = writtenTables(text);
  const short = text.replace(/\s+/g, ' ').slice(0, 90);
  let player = false;
  for (const table of tablesOf(text)) {
    const placement = PLACEMENT[table];
    if (placement === 'reference' && written.has(table))
      problems.push(`writes reference table ${table}: ${short}`);
    if (placement === 'local' && !(table in BID_PATH_CROSSINGS))
      problems.push(`touches ${table}, not the player's: ${short}`);
    if (placement === 'player') player = true;
  }
  return player;
}

/**
 * Checks the statements of one bid transaction. A statement naming a player table must be bound to the
 * bidding player: one of its parameters is the player's id, the `player:<id>` scope, or a value an earlier
 * bound statement returned (the wallet's id, the journal's id). What a bound statement returns becomes the
 * player's too. A statement may read reference tables freely and write none; a local table is a crossing,
 * allowed for writes only where listed.
 */
function bidPathViolations(playerId: number, statements: readonly Statement[]): string[] {
  const own = new Set<string>([key(playerId), `player:${playerId}`]);
  const problems: string[] = [];
  for (const s of statements) {
    const short = s.text.replace(/\s+/g, ' ').slice(0, 90);
    let bound = !placementProblems(s.text, problems);
    if (!bound) {
      bound = scalars(s.params, []).some((p) => own.has(key(p)));
      if (!bound) problems.push(`not bound to player ${playerId}: ${short}`);
    }
    if (bound) for (const v of scalars(s.rows, [])) if (v !== null && v !== undefined) own.add(key(v));
  }
  return problems;
}

/**
 * The same check on the body of a server-side function (the bid's one call, migration 0029), read as text: a
 * statement naming a player table must name the bidding player's parameter (`p_player`, `p_scope`) or a
 * variable an earlier bound statement filled (its INTO targets, assignments and loop variables).
 */
function functionViolations(body: string, names: readonly string[] = ['p_player', 'p_scope']): string[] {
  const own = new Set(names);
  const problems: string[] = [];
  const code = body.replace(/--[^\n]*/g, '');
  for (const chunk of code.split(';')) {
    const text = chunk.replace(/\s+/g, ' ').trim();
    if (text === '') continue;
    const short = text.slice(0, 90);
    let bound = !placementProblems(text, problems);
    const names = new Set(text.match(/\b[pv]_\w+/g) ?? []);
    if (!bound) {
      bound = [...names].some((n) => own.has(n));
      if (!bound) problems.push(`not bound to the player: ${short}`);
    }
    if (bound) {
      for (const m of text.matchAll(/\bINTO\s+(v_\w+(?:\s*,\s*v_\w+)*)/g))
        for (const v of (m[1] as string).split(',')) own.add(v.trim());
      for (const m of text.matchAll(/\b(v_\w+)\s*:=|\bFOR\s+(v_\w+)\s+IN\b/g))
        own.add((m[1] ?? m[2]) as string);
    }
  }
  return problems;
}

function sourceFiles(): SourceFile[] {
  const root = fileURLToPath(new URL('../', import.meta.url));
  const files: SourceFile[] = [];
  for (const file of readdirSync(`${root}src`, { recursive: true, encoding: 'utf8' })) {
    if (!/\.(ts|sql)$/.test(file) || file.endsWith('.test.ts')) continue;
    const path = `src/${file.split('\\').join('/')}`;
    files.push({ path, text: readFileSync(`${root}${path}`, 'utf8') });
  }
  return files;
}

/** A database whose transactions record every statement with its parameters and rows. */
function recording(db: Database, log: Statement[][]): Database {
  const wrap = (tx: Queryable, statements: Statement[]): Queryable => ({
    async query<T>(text: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const result = await tx.query<T>(text, params);
      statements.push({ text, params, rows: result.rows as Record<string, unknown>[] });
      return result;
    },
    exec: (sql) => tx.exec(sql),
  });
  return {
    engine: db.engine,
    query: (text, params) => db.query(text, params),
    exec: (sql) => db.exec(sql),
    transaction(fn) {
      return db.transaction((tx) => {
        const statements: Statement[] = [];
        log.push(statements);
        return fn(wrap(tx, statements));
      });
    },
    // A statement that is its own transaction is logged as one.
    async commitOne<T>(text: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const result = await db.commitOne<T>(text, params);
      log.push([{ text, params, rows: result.rows as Record<string, unknown>[] }]);
      return result;
    },
    close: () => db.close(),
    listen: (channel, handlers) => db.listen(channel, handlers),
  };
}

describe('the SQL stays within what a distributed PostgreSQL accepts', () => {
  let t: TestApp;
  const log: Statement[][] = [];
  beforeAll(async () => {
    t = await createTestApp({
      db: recording(await openTestDatabase(), log),
      now: '2026-11-20T12:00:00+05:30',
    });
  });
  afterAll(async () => {
    await expectLedgerClean(t);
    await t.close();
  });

  it('places every table of the schema, and only those', async () => {
    const { rows } = await t.db.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v') AND NOT c.relispartition
          AND c.relname <> 'schema_migrations'`,
    );
    expect(rows.map((r) => r.name).sort()).toEqual(Object.keys(PLACEMENT).sort());
  });

  it('takes advisory locks only for the listed rate-limit counters', () => {
    expect(advisoryLockViolations(sourceFiles())).toEqual([]);
  });

  it('finds an advisory lock planted on the bid path, and one too many in a listed file', () => {
    const planted = [
      {
        path: 'src/modules/bids/place.ts',
        text: "await tx.query('SELECT pg_advisory_xact_lock($1)', [id]);",
      },
      {
        path: 'src/modules/auth/otp.ts',
        text: 'pg_advisory_xact_lock(hashtext($1)); SELECT pg_try_advisory_lock(1)',
      },
    ];
    expect(advisoryLockViolations(planted)).toEqual([
      'src/modules/bids/place.ts: 1 advisory lock(s), not a listed rate-limit counter',
      'src/modules/auth/otp.ts: 2 advisory lock(s), 1 listed',
    ]);
  });

  it("keeps a bid's transaction on the player's rows, reference tables and the listed crossings", async () => {
    const op = await operatorToken(t);
    const market = await seedMarket(t.db, { name: 'SHARD BAZAR', open: '01:00 PM', close: '03:00 PM' });
    const player = await t.player();
    await fund(t, player, op, 500);
    log.length = 0;
    const res = await t.post(
      '/api-submit-bid',
      {
        game_id: market,
        new_result: {
          pana: 'Single Digit',
          bid_date: '20-November-2026',
          result: [
            { digits: '5', points: '10', session: 'open' },
            { digits: '7', points: '20', session: 'close' },
          ],
        },
      },
      { token: player.token, headers: { 'Idempotency-Key': 'shard-bid-0001' } },
    );
    expect(res.json.status).toBe(true);
    // The placement is one call (migration 0029): its transaction sends nothing else that names a table.
    const bidTx = log.filter((statements) => statements.some((s) => /gama_place_bid\(/.test(s.text)));
    expect(bidTx).toHaveLength(1);
    expect(bidPathViolations(player.id, bidTx[0] ?? [])).toEqual([]);
    expect((bidTx[0] ?? []).flatMap((s) => [...tablesOf(s.text)])).toEqual([]);
    const { rows } = await t.db.query<{ name: string; body: string }>(
      `SELECT proname AS name, prosrc AS body FROM pg_proc
        WHERE proname IN ('gama_place_bid', 'gama_place_bids', 'gama_judge_bid', 'gama_write_bids_gathered',
                          'gama_post_journals')`,
    );
    const bodyOf = (name: string) => rows.find((r) => r.name === name)?.body ?? '';
    expect(rows.map((r) => r.name).sort()).toEqual([
      'gama_judge_bid',
      'gama_place_bid',
      'gama_place_bids',
      'gama_post_journals',
      'gama_write_bids_gathered',
    ]);
    // The single call and the batch (decision 051): judged by the rules' one body, written by the writes' one.
    const single = bodyOf('gama_place_bid');
    expect(single).toMatch(/gama_judge_bid\(/);
    expect(single).toMatch(/gama_write_bids_gathered\(/);
    expect(single).toMatch(/ARRAY\['player:' \|\| p_player\]/);
    expect(single).toMatch(/ARRAY\[v_judged\.o_wallet, NULL\]/);
    const judge = bodyOf('gama_judge_bid');
    const write = bodyOf('gama_write_bids_gathered');
    // The journal and its entries go through the ledger's one entry point, each with its bidder's wallet.
    expect(write).toMatch(/gama_post_journals\(\s*'bid'/);
    const batch = bodyOf('gama_place_bids');
    expect(batch).toMatch(/j_actors := j_actors \|\| \('player:' \|\| p_players\[i\]\)/);
    expect(batch).toMatch(/e_accounts := e_accounts \|\| v_judged\.o_wallet/);
    const posting = bodyOf('gama_post_journals');
    // Together they do the whole placement: the key, the wallet, the exposure, the journal and the rows.
    for (const table of ['idempotency_keys', 'accounts', 'number_exposure', 'journals', 'entries', 'bids'])
      expect(
        tablesOf(judge).has(table) || tablesOf(write).has(table) || tablesOf(posting).has(table),
        table,
      ).toBe(true);
    // The judgement's statements are bound to the bidding player; the writes to the batch's players.
    expect(functionViolations(judge)).toEqual([]);
    // (The posting call names no table, so only the two INSERTs are held here; that the batch's players are one
    // shard's is the server's queue's doing, not the SQL's.)
    expect(functionViolations(write, ['p_players', 'p_scopes'])).toEqual([]);
  });

  it('judges a batch slip by slip through the one judgement and names no table of its own (decisions 043, 051)', async () => {
    const { rows } = await t.db.query<{ body: string }>(
      "SELECT prosrc AS body FROM pg_proc WHERE proname = 'gama_place_bids'",
    );
    const body = rows[0]?.body ?? '';
    expect(body).toMatch(/gama_judge_bid\(/);
    expect(body).toMatch(/gama_write_bids_gathered\(/);
    // Every table a batch touches, it touches through gama_judge_bid and gama_write_bids_gathered, whose statements
    // the test above holds to the batch's players; the server forms a batch per shard (modules/bids/batches.ts).
    expect([...tablesOf(body)]).toEqual([]);
  });

  it('finds the same in a planted function body', () => {
    const body = `
      SELECT id, balance INTO v_wallet FROM accounts WHERE player_id = p_player ORDER BY id FOR NO KEY UPDATE;
      SELECT max(id) INTO v_other FROM accounts WHERE player_id = p_target;
      INSERT INTO entries (journal_id, account_id, amount) VALUES (v_journal, v_other, 100);
      INSERT INTO journals (kind, note) VALUES ('bid', 'x') RETURNING id INTO v_journal;
      INSERT INTO entries (journal_id, account_id, amount) VALUES (v_journal, v_wallet, -100);
      UPDATE markets SET sort = sort + 1 WHERE id = p_market;
      PERFORM 1 FROM result_declarations WHERE market_id = p_market;`;
    expect(functionViolations(body)).toEqual([
      'not bound to the player: SELECT max(id) INTO v_other FROM accounts WHERE player_id = p_target',
      'not bound to the player: INSERT INTO entries (journal_id, account_id, amount) VALUES (v_journal, v_other, 100)',
      "not bound to the player: INSERT INTO journals (kind, note) VALUES ('bid', 'x') RETURNING id INTO v_journal",
      'writes reference table markets: UPDATE markets SET sort = sort + 1 WHERE id = p_market',
      "touches result_declarations, not the player's: PERFORM 1 FROM result_declarations WHERE market_id = p_market",
    ]);
  });

  it("finds a planted statement that reads another player's wallet, one that writes a reference table and one that touches a local table", () => {
    const statements: Statement[] = [
      {
        text: 'SELECT id, balance FROM accounts WHERE player_id = $1',
        params: [7],
        rows: [{ id: 71, balance: 5 }],
      },
      { text: 'SELECT balance FROM accounts WHERE id = $1 FOR UPDATE', params: [81], rows: [] },
      { text: 'UPDATE markets SET sort = sort + 1 WHERE id = $1', params: [3], rows: [] },
      { text: 'SELECT state FROM result_declarations WHERE market_id = $1', params: [3], rows: [] },
      {
        text: 'INSERT INTO entries (journal_id, account_id, amount) VALUES ($1, $2, 100)',
        params: [9, 71],
        rows: [],
      },
    ];
    expect(bidPathViolations(7, statements)).toEqual([
      'not bound to player 7: SELECT balance FROM accounts WHERE id = $1 FOR UPDATE',
      'writes reference table markets: UPDATE markets SET sort = sort + 1 WHERE id = $1',
      "touches result_declarations, not the player's: SELECT state FROM result_declarations WHERE market_id = $1",
    ]);
  });
});
