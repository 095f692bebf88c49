/**
 * The dashboard's support figures: per operator, how many conversations they answered first and how long
 * the player waited for that answer, and how many they closed and how long from the first message to the
 * close; over conversations started in the last `days` days.
 */
import type { Queryable } from '../../db/database.ts';

export async function supportStats(db: Queryable, now: Date, days: number) {
  const since = new Date(now.getTime() - days * 86_400_000);
  const { rows } = await db.query<{
    id: number;
    username: string;
    first_responses: number;
    first_response_seconds: number | null;
    resolved: number;
    resolution_seconds: number | null;
  }>(
    `WITH recent AS (SELECT * FROM support_threads WHERE created_at >= $1),
     firsts AS (
       SELECT first_response_by AS op, count(*)::int AS n,
              avg(extract(epoch FROM first_response_at - created_at))::float8 AS secs
         FROM recent WHERE first_response_by IS NOT NULL GROUP BY 1),
     closes AS (
       SELECT closed_by AS op, count(*)::int AS n,
              avg(extract(epoch FROM closed_at - created_at))::float8 AS secs
         FROM recent WHERE status = 'closed' AND closed_by IS NOT NULL GROUP BY 1)
     SELECT o.id, o.username, COALESCE(f.n, 0) AS first_responses, f.secs AS first_response_seconds,
            COALESCE(c.n, 0) AS resolved, c.secs AS resolution_seconds
       FROM operators o LEFT JOIN firsts f ON f.op = o.id LEFT JOIN closes c ON c.op = o.id
      WHERE f.op IS NOT NULL OR c.op IS NOT NULL
      ORDER BY o.username`,
    [since],
  );
  const { rows: open } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM support_threads WHERE status = 'open' AND first_response_at IS NULL`,
  );
  const round = (s: number | null) => (s === null ? null : Math.round(Number(s)));
  return {
    status: true as const,
    days,
    operators: rows.map((r) => ({
      operator: { id: Number(r.id), username: r.username },
      first_responses: Number(r.first_responses),
      first_response_seconds: round(r.first_response_seconds),
      resolved: Number(r.resolved),
      resolution_seconds: round(r.resolution_seconds),
    })),
    unanswered: open[0]?.n ?? 0,
  };
}
