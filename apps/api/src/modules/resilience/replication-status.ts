/**
 * The replication state from Patroni's REST API (GET /cluster on the first configured node that answers): who is
 * primary, which standbys follow it and how far behind. A lone primary, a standby that is not streaming, or a
 * Patroni that does not answer is a warning: the next lost machine would then lose commits or service.
 */
import type { DatabaseSafety } from '@gama/core/endpoints/resilience/index';

type ReplicationStatus = DatabaseSafety['replication'];
type Member = ReplicationStatus['members'][number];

/** Further behind than this (bytes of WAL), a standby is reported as lagging. */
export const LAG_WARNING_BYTES = 16 * 1024 * 1024;
/** How long one Patroni node may take to answer before the next is asked. */
const ASK_TIMEOUT_MS = 2_000;

interface PatroniMember {
  name?: unknown;
  role?: unknown;
  state?: unknown;
  lag?: unknown;
  timeline?: unknown;
}

function member(raw: PatroniMember): Member {
  return {
    name: typeof raw.name === 'string' ? raw.name : '?',
    role: typeof raw.role === 'string' ? raw.role : 'unknown',
    state: typeof raw.state === 'string' ? raw.state : 'unknown',
    lag_bytes: typeof raw.lag === 'number' && Number.isSafeInteger(raw.lag) && raw.lag >= 0 ? raw.lag : null,
    timeline: typeof raw.timeline === 'number' && Number.isSafeInteger(raw.timeline) ? raw.timeline : null,
  };
}

const following = (m: Member) => m.state === 'running' || m.state === 'streaming';

/** Judges Patroni's member list. */
export function judgeCluster(members: Member[]): Omit<ReplicationStatus, 'members'> {
  const leaders = members.filter((m) => m.role === 'leader' || m.role === 'master' || m.role === 'primary');
  const leader = leaders[0];
  if (!leader || !following(leader)) {
    return { state: 'warning', message: 'No primary is running: writes are refused until one is elected.' };
  }
  const standbys = members.filter((m) => m !== leader);
  const healthy = standbys.filter((m) => following(m));
  if (healthy.length === 0) {
    return {
      state: 'warning',
      message: `Only the primary (${leader.name}) is running: new commits are on one machine until a standby returns.`,
    };
  }
  const down = standbys.filter((m) => !following(m));
  if (down.length > 0) {
    return {
      state: 'warning',
      message: `${down.map((m) => `${m.name} is ${m.state}`).join('; ')}.`,
    };
  }
  const lagging = healthy.filter((m) => (m.lag_bytes ?? 0) > LAG_WARNING_BYTES);
  if (lagging.length > 0) {
    return {
      state: 'warning',
      message: `${lagging.map((m) => `${m.name} is ${Math.round((m.lag_bytes ?? 0) / 1048576)} MB behind`).join('; ')}.`,
    };
  }
  const sync = healthy.filter((m) => m.role === 'sync_standby');
  return {
    state: 'ok',
    message:
      sync.length > 0
        ? `${leader.name} is primary; ${sync.map((m) => m.name).join(', ')} confirms every commit (synchronous).`
        : `${leader.name} is primary; ${healthy.map((m) => m.name).join(', ')} follows it.`,
  };
}

export async function replicationStatus(
  engine: 'pglite' | 'postgres',
  patroniUrl: string | undefined,
): Promise<ReplicationStatus> {
  if (engine === 'pglite') {
    return {
      state: 'not_configured',
      message: 'Nothing is configured: the embedded database runs on one machine, with no standby.',
      members: [],
    };
  }
  if (patroniUrl === undefined) {
    return {
      state: 'not_configured',
      message: 'Nothing is configured: no standby is set up for this server (PATRONI_URL is not set).',
      members: [],
    };
  }
  const urls = patroniUrl.split(',').map((u) => u.trim().replace(/\/+$/, ''));
  for (const url of urls) {
    const answer = await fetch(`${url}/cluster`, { signal: AbortSignal.timeout(ASK_TIMEOUT_MS) }).then(
      async (res) => (res.ok ? ((await res.json()) as { members?: unknown }) : null),
      () => null,
    );
    if (answer === null || !Array.isArray(answer.members)) continue;
    const members = (answer.members as PatroniMember[]).map(member);
    return { ...judgeCluster(members), members };
  }
  return {
    state: 'warning',
    message: `Unreachable: Patroni did not answer at ${urls.join(', ')}.`,
    members: [],
  };
}
