-- What the backup job reports after each successful pgBackRest backup (deploy/pgbackrest/report-backup.sh, run by
-- deploy/systemd/pgbackrest-backup@.service): pgBackRest's own `info --output=json`, as printed. The console's
-- dashboard reads the newest to show the last successful backup; being in the database, it reaches every API
-- machine (and every standby) without a file share, and a failed backup writes nothing, so it shows as stale.
CREATE TABLE backup_reports (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reported_at timestamptz NOT NULL DEFAULT now(),
  info jsonb NOT NULL
);
