#!/bin/sh
# Run by pgbackrest-backup@.service after a backup succeeded (ExecStartPost, as postgres): hands pgBackRest's own
# `info --output=json` to the database (table backup_reports, migration 0056), where the console's dashboard reads
# the last successful backup from every API machine. A failed backup never gets here, so it shows as stale.
# GAMA_REPORT_DSN (in /etc/gama/pgbackrest.env) is a libpq connection string that reaches the primary, e.g.
#   host=10.0.0.11,10.0.0.12 port=5432 dbname=gama user=postgres target_session_attrs=read-write
set -eu
info=$(pgbackrest --stanza=gama info --output=json)
# Dollar quoting keeps the JSON as it is; pgBackRest's output never contains the tag.
# The dashboard reads only the newest row; a quarter's history is kept for the post-mortem of a missed backup,
# and older rows go in the same session so the table stays a few hundred rows.
printf 'INSERT INTO backup_reports (info) VALUES ($gama_backup_info$%s$gama_backup_info$::jsonb);\nDELETE FROM backup_reports WHERE reported_at < now() - interval %s;\n' "$info" "'90 days'" |
  psql -X -q -v ON_ERROR_STOP=1 "${GAMA_REPORT_DSN:-dbname=gama}"
