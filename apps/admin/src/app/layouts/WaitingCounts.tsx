import { endpoints } from '@gama/core/endpoints';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { call } from '../../lib/api-client.ts';
import { useCan, useOperator } from '../../lib/session.ts';
import styles from './TopBar.module.css';

const POLL_MS = 30_000;

/** What waits for this operator (console-design.md: always in the top bar), each a link to its queue. */
export function WaitingCounts() {
  const approvesResults = useCan('results.approve');
  const results = useQuery({
    queryKey: ['waiting', 'results'],
    queryFn: ({ signal }) => call(endpoints.resultsDeclarations, { state: 'pending', limit: 1 }, { signal }),
    enabled: approvesResults,
    refetchInterval: POLL_MS,
  });
  // A declaration a checker rejected goes back to its maker: today's board names the ones still undone.
  const me = useOperator();
  const declares = useCan('results.declare');
  const rejected = useQuery({
    queryKey: ['waiting', 'rejected-declarations'],
    queryFn: ({ signal }) => call(endpoints.resultsBoard, {}, { signal }),
    enabled: declares,
    refetchInterval: POLL_MS,
    select: (board) =>
      board.markets.flatMap((m) => m.draws).filter((d) => d.rejected?.maker.id === me.id).length,
  });
  const decidesDeposits = useCan('deposits.decide');
  const deposits = useQuery({
    queryKey: ['waiting', 'deposits'],
    queryFn: ({ signal }) => call(endpoints.adminDeposits, { status: 'pending', page_size: 1 }, { signal }),
    enabled: decidesDeposits,
    refetchInterval: POLL_MS,
  });
  const decidesWithdrawals = useCan('withdrawals.decide');
  const withdrawals = useQuery({
    queryKey: ['waiting', 'withdrawals'],
    queryFn: ({ signal }) => call(endpoints.adminWithdrawals, { status: 'open', page_size: 1 }, { signal }),
    enabled: decidesWithdrawals,
    refetchInterval: POLL_MS,
  });
  // A revert proposal waits for a results operator other than its maker (decision 027).
  const reverts = useCan('results.revert');
  const revertProposals = useQuery({
    queryKey: ['waiting', 'revert-proposals'],
    queryFn: ({ signal }) => call(endpoints.resultsRevertProposals, { state: 'pending' }, { signal }),
    enabled: reverts,
    refetchInterval: POLL_MS,
    select: (answer) => answer.proposals.filter((p) => p.maker.id !== me.id).length,
  });
  const adjustsWallets = useCan('wallet.adjust');
  const holds = useQuery({
    queryKey: ['waiting', 'holds'],
    queryFn: ({ signal }) => call(endpoints.adminHolds, { state: 'pending' }, { signal }),
    enabled: adjustsWallets,
    refetchInterval: POLL_MS,
    // A held credit of one's own waits for someone else.
    select: (answer) => answer.holds.filter((h) => h.maker.id !== me.id).length,
  });
  const items = [
    approvesResults && results.data
      ? { to: '/results', count: results.data.total, one: 'result to approve', many: 'results to approve' }
      : null,
    declares && rejected.data
      ? {
          to: '/results',
          count: rejected.data,
          one: 'declaration rejected',
          many: 'declarations rejected',
        }
      : null,
    decidesDeposits && deposits.data
      ? { to: '/deposits', count: deposits.data.total, one: 'deposit', many: 'deposits' }
      : null,
    decidesWithdrawals && withdrawals.data
      ? { to: '/withdrawals', count: withdrawals.data.total, one: 'withdrawal', many: 'withdrawals' }
      : null,
    // Shown only while one waits: most days nothing is reverted.
    reverts && (revertProposals.data ?? 0) > 0
      ? {
          to: '/results',
          count: revertProposals.data ?? 0,
          one: 'revert to approve',
          many: 'reverts to approve',
        }
      : null,
    adjustsWallets && holds.data !== undefined
      ? { to: '/held-credits', count: holds.data, one: 'credit to approve', many: 'credits to approve' }
      : null,
  ].filter((item) => item !== null);

  if (items.length === 0) return null;
  return (
    <ul className={styles.waiting} aria-label="Waiting for you">
      {items.map((item) => (
        <li key={item.one}>
          <Link to={item.to} className={item.count > 0 ? styles.due : styles.clear}>
            <span className="tabular">{item.count}</span> {item.count === 1 ? item.one : item.many}
          </Link>
        </li>
      ))}
    </ul>
  );
}
