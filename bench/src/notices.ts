/**
 * An operator's notice to 50,000 players (decision 037): the preview's count and the send's one INSERT … SELECT
 * (with its outbox rows for the players who have a device), through HTTP, on the real server. Prints the time
 * and the server's CPU of each, alternating the audience of every player with "inactive for a day" (the same
 * players, through the anti-joins on sessions and bids), `BENCH_ROUNDS` times (default 3).
 * `BENCH_PLAYERS` (default 50,000), `BENCH_DEVICES` (one player in this many has a push device, default 10);
 * `DATABASE_URL=postgres://…` runs it on PostgreSQL.
 */
import { loadavg } from 'node:os';
import { createOperator } from '../../apps/api/src/modules/operators/accounts.ts';
import { NOW, fmt, startBench } from './harness.ts';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 50_000);
const DEVICES = Number(process.env.BENCH_DEVICES ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const bench = await startBench('notices');
try {
  const created = new Date(Date.parse(NOW) - 10 * 86_400_000);
  await bench.db.query(
    `INSERT INTO players (user_name, mobile, password_hash, betting_status, created_at, password_changed_at)
     SELECT 'Bench ' || g, (7000000000 + g)::text, 'x', '1', $2, $2 FROM generate_series(1, $1::int) g`,
    [PLAYERS, created],
  );
  await bench.db.query(
    `INSERT INTO push_subscriptions (player_id, endpoint, p256dh, auth, created_at)
     SELECT id, 'https://push.invalid/' || id, repeat('B', 87), repeat('A', 22), $2
       FROM players WHERE id % $1 = 0`,
    [DEVICES, created],
  );
  const { rows: counted } = await bench.db.query<{ n: number }>('SELECT count(*)::int AS n FROM players');
  await createOperator(bench.db, {
    username: 'bench-owner',
    password: 'bench-pass-123',
    role: 'owner',
    now: new Date(NOW),
  });
  const login = await bench.app.inject({
    method: 'POST',
    url: '/admin-api/login',
    payload: { username: 'bench-owner', password: 'bench-pass-123' },
  });
  const token = (login.json() as { token: string }).token;
  const call = async (
    method: 'POST' | 'PATCH',
    url: string,
    payload: object,
    headers: Record<string, string> = {},
  ) => {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const res = await bench.app.inject({
      method,
      url,
      payload,
      headers: { authorization: `Bearer ${token}`, ...headers },
    });
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
    return { ms, cpuMs: (used.user + used.system) / 1000, body: res.json() as Record<string, unknown> };
  };
  await call('PATCH', '/admin-api/settings', { notice_daily_limit: 100, notice_two_person_above: 0 });

  console.log(`notices: ${bench.engine}, ${counted[0]?.n ?? 0} players, one in ${DEVICES} with a device`);
  console.log('round  audience        preview ms  send ms  server CPU ms  µs/player  outbox rows  load(1m)');
  for (let round = 1; round <= ROUNDS; round++) {
    for (const audience of [{ kind: 'all' }, { kind: 'inactive', days: 1 }]) {
      const draft = { title: 'Bench notice', text: 'Fifty thousand players at once.', audience };
      const preview = await call('POST', '/admin-api/notices/preview', draft);
      const { rows: before } = await bench.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM push_outbox',
      );
      const sent = await call('POST', '/admin-api/notices', draft, {
        'idempotency-key': `bench-${round}-${audience.kind}`,
      });
      const { rows: after } = await bench.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM push_outbox',
      );
      const recipients = Number((sent.body.notice as { recipients: number }).recipients);
      console.log(
        [
          String(round).padEnd(6),
          audience.kind.padEnd(15),
          fmt(preview.ms).padStart(10),
          fmt(sent.ms).padStart(8),
          fmt(sent.cpuMs).padStart(14),
          fmt((sent.ms * 1000) / Math.max(recipients, 1), 2).padStart(10),
          String((after[0]?.n ?? 0) - (before[0]?.n ?? 0)).padStart(12),
          fmt(loadavg()[0] ?? 0, 2).padStart(9),
        ].join(' '),
        `(${recipients} written)`,
      );
    }
  }
} finally {
  await bench.close();
}
