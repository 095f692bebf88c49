/**
 * Which API test files run on which engine (vitest.config.ts). Without TEST_DATABASE_URL every file runs on
 * PGlite, so a machine with no PostgreSQL server still runs them all.
 *
 * With a server, a file runs on both engines when what it proves can differ between them: concurrency and
 * locks (every file that races requests: PGlite runs them one after another, PostgreSQL truly at once), the SQL
 * functions and triggers that keep the ledger, notices (LISTEN), partitions, crash recovery. A file whose
 * subject is the server's own logic runs once: the player's side on PGlite, the engine `npm start` embeds; the
 * console's side on PostgreSQL, the server an operator deploys. Both engines keep a real share of
 * the whole. Every test file is in exactly one list; `engines.test.ts` fails on a file in none, in two, or a
 * name that matches no file.
 */

/** Paths relative to apps/api. */
export const bothEngines = [
  'src/db/migrate.test.ts',
  'src/db/notices.test.ts',
  // Repeatable SQL applied by the owner's lock on PostgreSQL, in one transaction per file on both.
  'src/db/repeatables.test.ts',
  'src/http/unavailable.test.ts',
  'src/modules/audit/chain.test.ts',
  'src/modules/audit/checkpoints.test.ts',
  'src/modules/auth/lookups.test.ts',
  'src/modules/auth/session-cache.test.ts',
  'src/modules/auth/throttle.test.ts',
  // Slips of one batch that refuse each other, in one transaction on both engines (decision 043).
  'src/modules/bids/batches.test.ts',
  'src/modules/bids/bids.test.ts',
  'src/modules/funds/deposit-desk.test.ts',
  'src/modules/funds/funds.test.ts',
  'src/modules/funds/withdrawal-desk.test.ts',
  'src/modules/limits/operator-limits.test.ts',
  'src/modules/ledger/bank.test.ts',
  'src/modules/ledger/ledger.test.ts',
  'src/modules/metrics/metrics.test.ts',
  // Racing sends against the daily limit and the day's solo audience; two approvals of one notice at once.
  'src/modules/notices/notices.test.ts',
  'src/modules/operators/accounts.test.ts',
  'src/modules/operators/login.test.ts',
  'src/modules/operators/totp.test.ts',
  'src/modules/play/play.test.ts',
  // The queue's claims and retries race between processes (pg-boss on both engines).
  'src/modules/push/push.test.ts',
  'src/modules/players/admin-players.test.ts',
  'src/modules/rates/rates.test.ts',
  'src/modules/reconciliation/reconciliation.test.ts',
  // Racing first-deposit approvals must pay a referral once; racing referred players must keep the daily cap.
  'src/modules/referrals/referrals.test.ts',
  'src/modules/results/declarations.test.ts',
  'src/modules/results/results.test.ts',
  'src/modules/results/revert-two-person.test.ts',
  'src/modules/risk/caps.test.ts',
  // Two reviews of one flag racing; the sweep and a withdrawal raising the same flag.
  'src/modules/signals/signals.test.ts',
  // Racing sends against the per-player rate limit and its lock.
  'src/modules/support/support.test.ts',
  'src/modules/wallet/cache.test.ts',
  // An action and its audit row commit together or not at all, in each engine's transactions.
  'test/audit-with-action.test.ts',
  'test/faults.test.ts',
  // The whole fuzz on PostgreSQL, a tenth of its cases on PGlite (FUZZ_RUNS in fuzz.test.ts).
  'test/fuzz/fuzz.test.ts',
  'test/partitions.test.ts',
  // The SQL twins of the TypeScript rules, called on each engine.
  'test/rule-twins.test.ts',
  'test/sharding.test.ts',
] as const;

/** Need a PostgreSQL server (replication, poolers, several processes); on PGlite they only report a skip. */
export const postgresOnly = [
  'test/audit-verify-cli.test.ts',
  // Its own etcd, two Patroni nodes and HAProxy (deploy/), a failover under load, twice.
  'test/failover.test.ts',
  'src/db/postgres.test.ts',
  'src/db/reads.test.ts',
  'test/nginx-edge.test.ts',
  'test/pgbouncer.test.ts',
  'test/replica.test.ts',
  'test/restore-drill.test.ts',
  'test/scale-out.test.ts',
  'test/server-role.test.ts',
] as const;

/** The console's side, once, on PostgreSQL. */
export const onPostgres = [
  'src/modules/resilience/resilience.test.ts',
  'src/backup/compare-balances.test.ts',
  'src/modules/audit/audit.test.ts',
  'src/modules/content/business-settings.test.ts',
  'src/modules/content/content-console.test.ts',
  'src/modules/docs/docs.test.ts',
  'src/modules/inbox/inbox.test.ts',
  'src/modules/markets/edit.test.ts',
  'src/modules/operators/first-owner.test.ts',
  'src/modules/operators/sessions.test.ts',
  'src/modules/reports/reports.test.ts',
  'src/modules/results/board.test.ts',
  'src/modules/results/exposure.test.ts',
  'src/modules/results/import-csv.test.ts',
  'src/modules/results/import.test.ts',
  'src/modules/results/number-fields.test.ts',
  'src/modules/results/query-dates.test.ts',
  'src/modules/results/revert-preview.test.ts',
  'src/modules/settings/settings.test.ts',
  'test/operator-limits-property.test.ts',
  'test/security/bola.test.ts',
] as const;

/** The player's side, once, on PGlite. */
export const onPglite = [
  'src/modules/referrals/referrals-replay.test.ts',
  'src/modules/signals/links.test.ts',
  'src/backup/pglite-backup.test.ts',
  'src/http/http.test.ts',
  'src/http/nul.test.ts',
  'src/http/request-log.test.ts',
  'src/http/static.test.ts',
  'src/modules/auth/auth.test.ts',
  'src/modules/dev/clock-control.test.ts',
  'src/modules/notifications/notifications.test.ts',
  'src/modules/profile/close-account.test.ts',
  'src/modules/profile/language.test.ts',
  'src/modules/profile/profile.test.ts',
  'test/catalogue.test.ts',
  'test/error-codes.test.ts',
  'test/trust-proxy.test.ts',
] as const;

/**
 * Open no database at all: the engine changes nothing they do, so they run on the PGlite project only.
 * stop-signals alone spends about 20 s starting `npm start` (on its own PGlite) three times.
 */
export const engineIndependent = [
  'src/config.test.ts',
  'src/db/pglite.test.ts',
  'src/http/route-csv.test.ts',
  'src/lib/batch.test.ts',
  'src/lib/gate.test.ts',
  'src/lib/log-output.test.ts',
  'src/modules/auth/passwords.test.ts',
  'src/modules/metrics/dashboard.test.ts',
  'src/modules/push/pacer.test.ts',
  'src/modules/signals/patterns.test.ts',
  'src/seed/demo-slides.test.ts',
  'src/sms/provider.test.ts',
  'test/engines.test.ts',
  'test/module-graph.test.ts',
  'test/money-lint.test.ts',
  // Processes and temp dirs only: what a killed run left behind, found and stopped.
  'test/stale-clusters.test.ts',
  'test/stop-signals.test.ts',
  // The PGlite template's archive without the unused databases' folders.
  'test/tar-without.test.ts',
] as const;
