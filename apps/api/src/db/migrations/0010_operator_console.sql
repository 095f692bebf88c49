-- The operator console (issue 14): disabled operators, two-factor sign-in, session details an operator can
-- see and end, and audit rows that say who did what to whom, from where, with the state before and after.

ALTER TABLE operators
  ADD COLUMN disabled_at timestamptz,
  -- The TOTP secret, encrypted (operators/totp.ts); set while enrolling and once enrolled.
  ADD COLUMN totp_secret text,
  -- NULL: two-factor is not on (a secret without it is an enrolment not yet confirmed).
  ADD COLUMN totp_enabled_at timestamptz,
  -- The time step of the last accepted code: a code is accepted once, never replayed.
  ADD COLUMN totp_last_step bigint;

ALTER TABLE operator_sessions
  ADD COLUMN id bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  ADD COLUMN ip text,
  ADD COLUMN user_agent text;
CREATE INDEX operator_sessions_live ON operator_sessions (operator_id) WHERE revoked_at IS NULL;

ALTER TABLE audit_log
  -- The operator's username at the time, or the name a failed sign-in tried.
  ADD COLUMN username text,
  ADD COLUMN user_agent text,
  -- The player an action concerns, directly or through a deposit, withdrawal or bid.
  ADD COLUMN player_id bigint,
  ADD COLUMN before_state jsonb,
  ADD COLUMN after_state jsonb;
CREATE INDEX audit_log_by_time ON audit_log (created_at, id);
CREATE INDEX audit_log_by_operator ON audit_log (operator_id, id);
CREATE INDEX audit_log_by_player ON audit_log (player_id, id) WHERE player_id IS NOT NULL;
CREATE INDEX audit_log_by_target ON audit_log (target_type, target_id, id);
CREATE INDEX audit_log_by_action ON audit_log (action, id);
