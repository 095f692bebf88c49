-- Least privilege (issue 27, decision 025): the server may run as a role that owns nothing. The one thing it did
-- that needs the owner is making the coming months' bid and win-credit partitions (a partition is made by the
-- parent table's owner), so that function now runs with its owner's rights, and only it. search_path is fixed so
-- the caller cannot point its table names elsewhere.
ALTER FUNCTION gama_ensure_draw_partitions(date, date) SECURITY DEFINER SET search_path FROM CURRENT;
