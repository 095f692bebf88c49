-- Issue 15, markets and schedules: every change to a market's schedule or its active flag counts up its
-- revision. A bid records nothing of it; it reads the revision with the market and again once its insert holds
-- the market's key-share lock (which a schedule change's FOR UPDATE waits for), and is refused when the two
-- differ: no bid is accepted against a timetable that changed under it.
ALTER TABLE markets ADD COLUMN schedule_rev integer NOT NULL DEFAULT 1 CHECK (schedule_rev > 0);
