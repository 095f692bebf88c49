-- Versioned game rates (issue 15): every change of a group's rates is a new version holding the whole set,
-- with who made it and when. game_rates stays the set in force (what a bid is priced and frozen at); this
-- table is its history, append-only.

CREATE TABLE rate_versions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  grp text NOT NULL CHECK (grp IN ('main', 'starline', 'gali')),
  version integer NOT NULL CHECK (version >= 1),
  -- {"single_digit": [10, 95], …}: the whole set in force from this version on.
  rates jsonb NOT NULL,
  -- The fields this version changed (all of them for a first version).
  changed text[] NOT NULL,
  -- NULL: the system (install, seed), not an operator.
  operator_id bigint REFERENCES operators (id),
  created_at timestamptz NOT NULL,
  UNIQUE (grp, version)
);

CREATE FUNCTION refuse_rate_version_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'rate versions are append-only: % refused', TG_OP USING ERRCODE = '55000';
END $$;
CREATE TRIGGER rate_versions_append_only BEFORE UPDATE OR DELETE ON rate_versions
  FOR EACH ROW EXECUTE FUNCTION refuse_rate_version_change();

-- An existing install's rates become each group's first version.
INSERT INTO rate_versions (grp, version, rates, changed, created_at)
SELECT grp, 1, jsonb_object_agg(rate_field, jsonb_build_array(val_1, val_2)),
       array_agg(rate_field ORDER BY rate_field), max(updated_at)
  FROM game_rates GROUP BY grp;
