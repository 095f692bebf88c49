-- Players, sessions, one-time codes, flow tickets, rate-limit events, the SMS outbox and operator content.
-- All timestamps are written by the application's clock, never by now(), so tests can stand at any minute.

CREATE TABLE players (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_name text NOT NULL CHECK (char_length(user_name) BETWEEN 1 AND 40),
  mobile text NOT NULL UNIQUE CHECK (mobile ~ '^[6-9][0-9]{9}$'),
  password_hash text NOT NULL,
  betting_status text NOT NULL CHECK (betting_status IN ('0', '1')),
  created_at timestamptz NOT NULL,
  password_changed_at timestamptz NOT NULL
);

-- Only the SHA-256 of a session token is kept; the token itself lives in the client's HttpOnly cookie.
CREATE TABLE sessions (
  token_hash bytea PRIMARY KEY,
  player_id bigint NOT NULL REFERENCES players (id),
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  revoked_at timestamptz,
  ip text,
  user_agent text
);
CREATE INDEX sessions_live_by_player ON sessions (player_id) WHERE revoked_at IS NULL;

-- Codes are stored as a keyed hash bound to (mobile, purpose, bound_value); never in clear.
CREATE TABLE otp_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  mobile text NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('register', 'reset', 'withdraw_upi')),
  bound_value text NOT NULL DEFAULT '',
  code_hash bytea NOT NULL,
  ip text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  consumed_at timestamptz,
  invalidated_at timestamptz
);
CREATE INDEX otp_codes_by_mobile ON otp_codes (mobile, purpose, created_at DESC);
CREATE INDEX otp_codes_by_ip ON otp_codes (ip, created_at);

-- A verified code is exchanged for a short-lived single-use ticket that the next step requires.
CREATE TABLE flow_tickets (
  token_hash bytea PRIMARY KEY,
  mobile text NOT NULL,
  purpose text NOT NULL,
  bound_value text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- Counters for limits that must hold across processes (login failures, lookups).
CREATE TABLE rate_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL,
  subject text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX rate_events_lookup ON rate_events (kind, subject, at);

CREATE TABLE sms_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  mobile text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX sms_outbox_by_mobile ON sms_outbox (mobile, id DESC);

CREATE TABLE settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE TABLE headlines (
  id integer PRIMARY KEY,
  status text NOT NULL CHECK (status IN ('0', '1')),
  notes text NOT NULL
);

CREATE TABLE slider_images (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title text NOT NULL,
  image_url text NOT NULL,
  sort integer NOT NULL DEFAULT 0
);
