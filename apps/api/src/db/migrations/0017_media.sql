-- Images the operator uploads (slider, payment QR), after the server has resized and re-encoded them. Named by
-- their content hash, so an image is stored once and its address never changes meaning (served cached).
CREATE TABLE media (
  name text PRIMARY KEY CHECK (name ~ '^[0-9a-f]{32}\.(webp|png)$'),
  content_type text NOT NULL CHECK (content_type IN ('image/webp', 'image/png')),
  bytes bytea NOT NULL,
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  created_at timestamptz NOT NULL
);
