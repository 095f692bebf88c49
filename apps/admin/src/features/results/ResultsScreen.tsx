import { endpoints } from '@gama/core/endpoints';
import type { Answer } from '@gama/core/endpoints/define';
import { Button } from '@gama/ui/Button';
import { formatPoints } from '@gama/core/rules/money';
import { countOf } from '@gama/ui/plural';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { EmptyState, ErrorNotice } from '../../components/ErrorNotice.tsx';
import { FilterInput } from '../../components/FilterBar.tsx';
import { Money } from '../../components/Money.tsx';
import { PageHeader, Panel } from '../../components/PageHeader.tsx';
import { Segmented } from '../../components/Segmented.tsx';
import { StatusPill } from '../../components/StatusPill.tsx';
import { call } from '../../lib/api-client.ts';
import { formatDateTime, formatDay } from '../../lib/format.ts';
import { numberOf } from '../../lib/labels.ts';
import { syncServerClock } from '../../lib/market-clock.ts';
import { useCan, useOperator } from '../../lib/session.ts';
import { DecisionButtons } from '../../shared/DecisionButtons.tsx';
import { useAfterAction } from '../../shared/use-action.ts';
import { Loaded } from '../../shared/Loaded.tsx';
import { DeclareDialog } from './DeclareDialog.tsx';
import { drawName, drawStateLabels, halfLabel } from './labels.ts';
import { RevertDialog } from './RevertDialog.tsx';
import styles from './ResultsScreen.module.css';

type Board = Answer<typeof endpoints.resultsBoard>;
type Market = Board['markets'][number];
type Draw = Market['draws'][number];
type Declaration = Answer<typeof endpoints.resultsDeclarations>['declarations'][number];
type RevertProposal = Answer<typeof endpoints.resultsRevertProposals>['proposals'][number];
type Group = 'main' | 'starline' | 'gali';

const groups: ReadonlyArray<{ value: '' | Group; label: string }> = [
  { value: '', label: 'All' },
  { value: 'main', label: 'Main' },
  { value: 'starline', label: 'Starline' },
  { value: 'gali', label: 'Gali' },
];

export type DrawTarget = { market: Market; draw: Draw; date: string };
type Pending =
  | { kind: 'declare'; target: DrawTarget }
  | { kind: 'revert'; target: DrawTarget }
  | { kind: 'approve' | 'reject'; declaration: Declaration }
  | { kind: 'approve-revert' | 'reject-revert'; proposal: RevertProposal };

/**
 * The results desk: today's draws of the three groups with their state, pending stakes and riskiest numbers;
 * declare after a preview, approve or reject another operator's declaration, revert after seeing what it undoes.
 */
export default function ResultsScreen() {
  const me = useOperator();
  const [search, setSearch] = useSearchParams();
  const date = search.get('date') ?? '';
  const group = (groups.find((g) => g.value === search.get('group'))?.value ?? '') as '' | Group;
  const dueOnly = search.get('show') === 'due';
  const canDeclare = useCan('results.declare');
  const canApprove = useCan('results.approve');
  const canRevert = useCan('results.revert');
  const after = useAfterAction();
  const [pending, setPending] = useState<Pending | null>(null);

  const board = useQuery({
    queryKey: ['results', 'board', date, group],
    queryFn: async ({ signal }) => {
      const answer = await call(
        endpoints.resultsBoard,
        { ...(date ? { date } : {}), ...(group ? { group } : {}) },
        { signal },
      );
      syncServerClock(answer.server_time, answer.time_zone);
      return answer;
    },
    refetchInterval: 30_000,
  });
  const waiting = useQuery({
    queryKey: ['results', 'declarations', 'pending'],
    queryFn: ({ signal }) => call(endpoints.resultsDeclarations, { state: 'pending' }, { signal }),
    refetchInterval: 30_000,
  });

  const reverts = useQuery({
    queryKey: ['results', 'revert-proposals', 'pending'],
    queryFn: ({ signal }) => call(endpoints.resultsRevertProposals, { state: 'pending' }, { signal }),
    refetchInterval: 30_000,
  });

  const setParam = (name: string, value: string) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });

  const refresh = [['results'], ['waiting']];
  const declarationColumns: Column<Declaration>[] = [
    {
      id: 'draw',
      header: 'Draw',
      primary: true,
      cell: (d) => `${d.market_name} · ${halfLabel(d.half)} · ${formatDay(d.date)}`,
    },
    { id: 'value', header: 'Result', cell: (d) => <strong className={styles.value}>{d.value}</strong> },
    {
      id: 'figures',
      header: 'Winners / payout',
      cell: (d) => (
        <span>
          {d.preview.winners} of {d.preview.bids} bids · <Money paise={d.preview.payout_paise} flow="out" />
        </span>
      ),
    },
    {
      id: 'maker',
      header: 'Declared by',
      cell: (d) => `${d.maker.id === me.id ? 'you' : d.maker.username}, ${formatDateTime(d.created_at)}`,
    },
  ];

  const revertColumns: Column<RevertProposal>[] = [
    {
      id: 'draw',
      header: 'Draw',
      primary: true,
      cell: (r) =>
        `${r.market_name} · ${r.half === null ? 'latest result' : halfLabel(r.half)} · ${formatDay(r.date)}`,
    },
    { id: 'reason', header: 'Reason', cell: (r) => r.reason },
    {
      id: 'maker',
      header: 'Proposed by',
      cell: (r) => `${r.maker.id === me.id ? 'you' : r.maker.username}, ${formatDateTime(r.created_at)}`,
    },
  ];

  return (
    <>
      <PageHeader
        title="Results"
        description={
          board.data
            ? `Draws of ${formatDay(board.data.date)}. ${
                board.data.two_person
                  ? 'Two-person rule on: a declaration pays, and a revert takes back, only after a second operator approves it.'
                  : 'A declaration pays at once.'
              }`
            : undefined
        }
        actions={
          <div className={styles.filters}>
            <Segmented label="Group" value={group} options={groups} onChange={(v) => setParam('group', v)} />
            <Segmented
              label="Show"
              value={dueOnly ? 'due' : ''}
              options={[
                { value: '', label: 'All draws' },
                { value: 'due', label: 'Needs a result' },
              ]}
              onChange={(v) => setParam('show', v)}
            />
            {/* Without a date in the address the board is today's: the field says which day that is. */}
            <FilterInput
              label="Date"
              type="date"
              value={date || (board.data?.date ?? '')}
              onValueChange={(v) => setParam('date', v)}
            />
            {canDeclare && <Link to="/results/import">Import past results</Link>}
          </div>
        }
      />

      {(waiting.data?.declarations.length ?? 0) > 0 && (
        <Panel title={`Waiting for approval (${waiting.data?.total ?? 0})`}>
          <DataTable
            caption="Declarations waiting for a second operator"
            columns={declarationColumns}
            rows={waiting.data?.declarations}
            rowKey={(d) => d.declaration_id}
            empty="Nothing waits for approval."
            actions={
              canApprove
                ? (d) =>
                    d.maker.id === me.id ? (
                      <span className={styles.own}>Yours: another operator must approve</span>
                    ) : (
                      <DecisionButtons
                        onApprove={() => setPending({ kind: 'approve', declaration: d })}
                        onReject={() => setPending({ kind: 'reject', declaration: d })}
                      />
                    )
                : undefined
            }
          />
        </Panel>
      )}
      {waiting.isError && <ErrorNotice error={waiting.error} onRetry={() => void waiting.refetch()} />}
      {(reverts.data?.proposals.length ?? 0) > 0 && (
        <Panel title={`Reverts waiting for approval (${reverts.data?.proposals.length ?? 0})`}>
          <DataTable
            caption="Reverts waiting for a second operator"
            columns={revertColumns}
            rows={reverts.data?.proposals}
            rowKey={(r) => r.proposal_id}
            empty="No revert waits for approval."
            actions={
              canRevert
                ? (r) =>
                    r.maker.id === me.id ? (
                      <span className={styles.own}>Yours: another operator must approve</span>
                    ) : (
                      <DecisionButtons
                        approveLabel="Approve revert"
                        approveTone="outline"
                        onApprove={() => setPending({ kind: 'approve-revert', proposal: r })}
                        onReject={() => setPending({ kind: 'reject-revert', proposal: r })}
                      />
                    )
                : undefined
            }
          />
        </Panel>
      )}
      {reverts.isError && <ErrorNotice error={reverts.error} onRetry={() => void reverts.refetch()} />}

      <Loaded query={board} height={320} radius={12}>
        {(data) =>
          shownMarkets(data.markets, dueOnly).length === 0 ? (
            <EmptyState>
              {dueOnly ? 'No draw is waiting for a result.' : 'No markets in this group.'}
            </EmptyState>
          ) : (
            <div className={styles.board}>
              {shownMarkets(data.markets, dueOnly).map((market) => (
                <section key={market.market_id} className={styles.market} aria-label={market.name}>
                  <header className={styles.marketHead}>
                    <h2>{market.name}</h2>
                    <span className={styles.group}>{market.group}</span>
                  </header>
                  <ul className={styles.draws}>
                    {market.draws.map((draw) => {
                      const state = drawStateLabels[draw.state] ?? {
                        label: draw.state,
                        tone: 'pending' as const,
                      };
                      const target = { market, draw, date: data.date };
                      return (
                        <li key={draw.half} className={styles.draw}>
                          <div className={styles.drawHead}>
                            <span className={styles.half}>
                              {halfLabel(draw.half)} · {draw.draw_time}
                              {draw.next_day ? ' (next day)' : ''}
                            </span>
                            <StatusPill tone={state.tone}>{state.label}</StatusPill>
                          </div>
                          <div className={styles.drawBody}>
                            {draw.result ? (
                              <p>
                                Result <strong className={styles.value}>{draw.result.value}</strong> · paid{' '}
                                <Money paise={draw.result.paid_paise} flow="out" />
                              </p>
                            ) : draw.pending ? (
                              <p>
                                <strong className={styles.value}>{draw.pending.value}</strong> by{' '}
                                {draw.pending.maker.id === me.id ? 'you' : draw.pending.maker.username},
                                waiting for approval
                              </p>
                            ) : (
                              <p className={styles.muted}>
                                {countOf(draw.pending_bids, 'pending bid')} ·{' '}
                                <Money paise={draw.pending_stakes_paise} /> staked
                              </p>
                            )}
                            {!draw.result && !draw.pending && draw.rejected && (
                              <p className={styles.rejected} role="note" data-testid="declaration-rejected">
                                <StatusPill tone="danger">Rejected</StatusPill>{' '}
                                <strong className={styles.value}>{draw.rejected.value}</strong> by{' '}
                                {draw.rejected.maker.id === me.id ? 'you' : draw.rejected.maker.username},
                                rejected by {draw.rejected.checker?.username ?? 'another operator'}{' '}
                                {formatDateTime(draw.rejected.decided_at)}: “
                                {draw.rejected.reason ?? 'no reason given'}”
                              </p>
                            )}
                            {draw.top_exposure.length > 0 && !draw.result && (
                              <p className={styles.exposure}>
                                Riskiest:{' '}
                                {draw.top_exposure
                                  .map((e) => `${numberOf(e)} pays ${formatPoints(e.payout_paise)}`)
                                  .join(' · ')}
                              </p>
                            )}
                          </div>
                          <div className={styles.drawActions}>
                            {(draw.state !== 'no_draw' || draw.pending_bids > 0) && (
                              <Link
                                className={styles.numbersLink}
                                to={`/results/exposure?${new URLSearchParams({
                                  market_id: String(market.market_id),
                                  date: data.date,
                                  half: draw.half,
                                }).toString()}`}
                                aria-label={`Every number of ${drawName(market.name, draw.half, market.group)}`}
                              >
                                Every number
                              </Link>
                            )}
                            {canDeclare && draw.state === 'closed_awaiting_result' && (
                              <Button small onClick={() => setPending({ kind: 'declare', target })}>
                                Declare
                              </Button>
                            )}
                            {canRevert && draw.state === 'declared' && (
                              <Button
                                small
                                variant="outline"
                                onClick={() => setPending({ kind: 'revert', target })}
                              >
                                Revert
                              </Button>
                            )}
                          </div>
                        </li>
                      );
                    })}
                  </ul>
                </section>
              ))}
            </div>
          )
        }
      </Loaded>

      {pending?.kind === 'declare' && (
        <DeclareDialog
          target={pending.target}
          twoPerson={board.data?.two_person ?? false}
          onClose={() => setPending(null)}
          refresh={refresh}
        />
      )}
      {pending?.kind === 'revert' && (
        <RevertDialog target={pending.target} onClose={() => setPending(null)} refresh={refresh} />
      )}
      <ConfirmDialog
        open={pending?.kind === 'approve' || pending?.kind === 'reject'}
        onClose={() => setPending(null)}
        title={pending?.kind === 'reject' ? 'Reject declaration' : 'Approve declaration'}
        confirmLabel={pending?.kind === 'reject' ? 'Reject' : 'Approve and pay'}
        busyText={pending?.kind === 'reject' ? 'Rejecting' : 'Settling'}
        tone={pending?.kind === 'reject' ? 'danger' : 'money'}
        reason={
          pending?.kind === 'reject' ? { label: 'Reason (the maker sees it)', minLength: 3 } : undefined
        }
        onConfirm={async (reason) => {
          if (pending?.kind === 'approve')
            await after(
              () => call(endpoints.resultsApprove, { declaration_id: pending.declaration.declaration_id }),
              {
                success: ({ wins }) => `Result declared: ${countOf(wins, 'winning bid')} paid`,
                refresh,
              },
            );
          else if (pending?.kind === 'reject')
            await after(
              () =>
                call(endpoints.resultsReject, { declaration_id: pending.declaration.declaration_id, reason }),
              { success: 'Declaration rejected: nothing was paid', refresh },
            );
        }}
      >
        {(pending?.kind === 'approve' || pending?.kind === 'reject') && (
          <DeclarationText declaration={pending.declaration} approve={pending.kind === 'approve'} />
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={pending?.kind === 'approve-revert' || pending?.kind === 'reject-revert'}
        onClose={() => setPending(null)}
        title={pending?.kind === 'reject-revert' ? 'Reject revert' : 'Approve revert'}
        confirmLabel={pending?.kind === 'reject-revert' ? 'Reject' : 'Approve and revert'}
        busyText={pending?.kind === 'reject-revert' ? 'Rejecting' : 'Reverting'}
        tone="danger"
        reason={
          pending?.kind === 'reject-revert'
            ? { label: 'Reason (the maker sees it)', minLength: 3 }
            : undefined
        }
        onConfirm={async (reason) => {
          if (pending?.kind === 'approve-revert')
            await after(
              () => call(endpoints.resultsRevertApprove, { proposal_id: pending.proposal.proposal_id }),
              {
                success: ({ reverted }) =>
                  `Reverted: ${reverted.reduce((n, r) => n + r.reversed, 0)} wins taken back, bids open again`,
                refresh,
              },
            );
          else if (pending?.kind === 'reject-revert')
            await after(
              () =>
                call(endpoints.resultsRevertReject, { proposal_id: pending.proposal.proposal_id, reason }),
              { success: 'Revert rejected: the result stands', refresh },
            );
        }}
      >
        {(pending?.kind === 'approve-revert' || pending?.kind === 'reject-revert') && (
          <p>
            {pending.kind === 'approve-revert' ? 'Revert' : 'Reject the revert of'}{' '}
            <strong>
              {pending.proposal.market_name}
              {pending.proposal.half === null ? '' : ` ${halfLabel(pending.proposal.half)}`}
            </strong>{' '}
            for {formatDay(pending.proposal.date)}, proposed by {pending.proposal.maker.username}: “
            {pending.proposal.reason}”.{' '}
            {pending.kind === 'approve-revert'
              ? 'Its winnings are taken back and its bids read as pending again.'
              : 'Nothing is reverted.'}
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}

/** The markets to show; with `dueOnly` just the draws waiting for a result or an approval, and their markets. */
function shownMarkets(markets: Market[], dueOnly: boolean): Market[] {
  if (!dueOnly) return markets;
  return markets
    .map((market) => ({
      ...market,
      draws: market.draws.filter(
        (d) => d.state === 'closed_awaiting_result' || d.state === 'pending_approval',
      ),
    }))
    .filter((market) => market.draws.length > 0);
}

function DeclarationText({ declaration: d, approve }: { declaration: Declaration; approve: boolean }) {
  const name = drawName(d.market_name, d.half, d.group);
  return approve ? (
    <p>
      Declare <strong>{d.value}</strong> as <strong>{name}</strong> for {formatDay(d.date)}:{' '}
      <strong>{countOf(d.preview.winners, 'winning bid')}</strong>,{' '}
      <strong>{formatPoints(d.preview.payout_paise)} points</strong> payout (as previewed by{' '}
      {d.maker.username}; it is paid once).
    </p>
  ) : (
    <p>
      Reject <strong>{d.value}</strong> as {name} for {formatDay(d.date)}, declared by {d.maker.username}.
      Nothing is paid; the draw waits for a new declaration.
    </p>
  );
}
