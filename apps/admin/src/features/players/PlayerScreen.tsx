import { endpoints } from '@gama/core/endpoints';
import type { Answer } from '@gama/core/endpoints/define';
import { newIdempotencyKey } from '@gama/ui/action-key';
import { Button } from '@gama/ui/Button';
import { TextField } from '@gama/ui/Field';
import { formatWholePoints } from '@gama/core/rules/money';
import { Skeleton } from '@gama/ui/Skeleton';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, NavLink, useParams } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ErrorNotice } from '../../components/ErrorNotice.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { Money } from '../../components/Money.tsx';
import { PageHeader, Panel } from '../../components/PageHeader.tsx';
import { SelectField } from '../../components/SelectField.tsx';
import { call } from '../../lib/api-client.ts';
import { formatDateTime, maskMobile } from '../../lib/format.ts';
import { useCan } from '../../lib/session.ts';
import { useAfterAction } from '../../shared/use-action.ts';
import { PlayerFlags } from './PlayerFlags.tsx';
import { ResponsiblePlay } from './ResponsiblePlay.tsx';
import { PlayerTabContent, playerTabs, type PlayerTab } from './tabs.tsx';
import tabStyles from '../../components/TabNav.module.css';
import styles from './PlayerScreen.module.css';

type Page = Answer<typeof endpoints.adminPlayer>;
type Player = Page['player'];

type Action =
  | { kind: 'adjust'; key: string }
  | { kind: 'betting' | 'transfers' | 'unblock' | 'sign-out' | 'reset-code' }
  | { kind: 'block' };

/**
 * Everything about one player on one screen: wallet, money history, flags, and what support and cashiers do.
 * `signals` draws the player's links and risk flags (the signals feature; the app layer passes it in).
 */
export default function PlayerScreen({ signals }: { signals?: (playerId: number) => ReactNode }) {
  const params = useParams();
  const id = Number(params.id);
  const tab = (playerTabs.find((t) => t.id === params.tab)?.id ?? 'passbook') as PlayerTab;
  const canReadSignals = useCan('signals.read');
  const page = useQuery({
    queryKey: ['player', id],
    queryFn: ({ signal }) => call(endpoints.adminPlayer, { id }, { signal }),
    enabled: Number.isSafeInteger(id) && id > 0,
  });

  if (page.isPending) return <Skeleton height={220} radius={12} />;
  if (page.isError) return <ErrorNotice error={page.error} onRetry={() => void page.refetch()} />;
  const { player, counts, totals } = page.data;

  const counted: Partial<Record<PlayerTab, number>> = {
    bids: counts.bids,
    wins: counts.wins,
    deposits: counts.deposits,
    withdrawals: counts.withdrawals,
    transfers: counts.transfers_in + counts.transfers_out,
    sessions: counts.live_sessions,
    'payout-methods': counts.payout_methods,
  };

  return (
    <>
      <PageHeader
        above={
          <Link to="/players" className={styles.back}>
            <ArrowLeft size={16} aria-hidden="true" /> Players
          </Link>
        }
        title={player.user_name}
        description={
          <>
            <span className="tabular">{player.mobile}</span> · #{player.id} · joined{' '}
            {formatDateTime(player.created_at)}
          </>
        }
        actions={<PlayerFlags player={player} />}
      />
      <div className={styles.summary}>
        <Panel title="Wallet">
          <p className={styles.big}>
            <Money paise={player.wallet_paise} /> <span className={styles.unit}>points</span>
          </p>
          {player.debt_paise > 0 && (
            <p className="money-out">
              Debt <Money paise={player.debt_paise} />
            </p>
          )}
          <dl className={styles.totals}>
            {(
              [
                ['Deposited', totals.deposited_paise, 'in'],
                ['Won', totals.won_paise, 'in'],
                ['Withdrawn', totals.withdrawn_paise, 'out'],
                ['Staked', totals.staked_paise, 'out'],
              ] as const
            ).map(([label, paise, flow]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>
                  <Money paise={paise} flow={flow} />
                </dd>
              </div>
            ))}
          </dl>
          {(counts.deposits_pending > 0 || counts.withdrawals_pending > 0) && (
            <p className={styles.pending}>
              {counts.deposits_pending} deposits and {counts.withdrawals_pending} withdrawals waiting
            </p>
          )}
        </Panel>
        <Actions player={player} />
      </div>
      <ResponsiblePlay playerId={player.id} />
      {canReadSignals && signals?.(player.id)}
      <nav className={styles.tabs} aria-label="Player history">
        {playerTabs.map((t) => (
          <NavLink
            key={t.id}
            to={`/players/${player.id}/${t.id}`}
            replace
            className={() =>
              [tabStyles.tab, styles.tabLink, t.id === tab && tabStyles.active].filter(Boolean).join(' ')
            }
            aria-current={t.id === tab ? 'page' : undefined}
          >
            {t.label}
            {counted[t.id] !== undefined && <span className={styles.count}>{counted[t.id]}</span>}
          </NavLink>
        ))}
      </nav>
      <PlayerTabContent key={tab} tab={tab} playerId={player.id} />
    </>
  );
}

function Actions({ player }: { player: Player }) {
  const after = useAfterAction();
  const [action, setAction] = useState<Action | null>(null);
  const close = () => setAction(null);
  const who = `${player.user_name} (${maskMobile(player.mobile)})`;
  const refresh = [['player', player.id], ['players']];
  const can = {
    adjust: useCan('wallet.adjust'),
    betting: useCan('players.betting'),
    transfers: useCan('players.transfer'),
    block: useCan('players.block'),
    signOut: useCan('players.signout'),
    reset: useCan('players.reset_password'),
  };
  const bettingOn = player.betting_status === '1';
  if (!Object.values(can).some(Boolean)) return null;

  return (
    <Panel title="Actions">
      <div className={styles.actions}>
        {can.adjust && (
          <Button
            small
            variant="money"
            onClick={() => setAction({ kind: 'adjust', key: newIdempotencyKey() })}
          >
            Credit or debit
          </Button>
        )}
        {can.betting && (
          <Button small variant="outline" onClick={() => setAction({ kind: 'betting' })}>
            {bettingOn ? 'Switch betting off' : 'Switch betting on'}
          </Button>
        )}
        {can.transfers && (
          <Button small variant="outline" onClick={() => setAction({ kind: 'transfers' })}>
            {player.transfer_allowed ? 'Stop transfers' : 'Allow transfers'}
          </Button>
        )}
        {can.signOut && (
          <Button small variant="outline" onClick={() => setAction({ kind: 'sign-out' })}>
            Sign out everywhere
          </Button>
        )}
        {can.reset && (
          <Button small variant="outline" onClick={() => setAction({ kind: 'reset-code' })}>
            Send reset code
          </Button>
        )}
        {can.block &&
          (player.blocked ? (
            <Button small variant="outline" onClick={() => setAction({ kind: 'unblock' })}>
              Unblock
            </Button>
          ) : (
            <Button small variant="danger" onClick={() => setAction({ kind: 'block' })}>
              Block
            </Button>
          ))}
      </div>
      {player.blocked && player.blocked_reason && (
        <p className={styles.blocked}>
          Blocked {formatDateTime(player.blocked_at)}: {player.blocked_reason}
        </p>
      )}

      {action?.kind === 'adjust' && (
        <Adjust
          player={player}
          who={who}
          onClose={close}
          onSubmit={(points, reason) =>
            after(
              () =>
                call(
                  endpoints.adminAdjust,
                  { id: player.id, points, reason },
                  { idempotencyKey: action.key },
                ),
              {
                success: (answer) =>
                  'held' in answer
                    ? answer.msg
                    : `${points > 0 ? 'Credited' : 'Debited'} ${formatWholePoints(Math.abs(points))} points ${
                        points > 0 ? 'to' : 'from'
                      } ${player.user_name}`,
                refresh,
              },
            )
          }
        />
      )}
      <ConfirmDialog
        open={action !== null && action.kind !== 'adjust'}
        onClose={close}
        title={
          action?.kind === 'betting'
            ? bettingOn
              ? 'Switch betting off'
              : 'Switch betting on'
            : action?.kind === 'transfers'
              ? player.transfer_allowed
                ? 'Stop transfers'
                : 'Allow transfers'
              : action?.kind === 'block'
                ? 'Block player'
                : action?.kind === 'unblock'
                  ? 'Unblock player'
                  : action?.kind === 'sign-out'
                    ? 'Sign out everywhere'
                    : 'Send reset code'
        }
        confirmLabel={
          action?.kind === 'block' ? 'Block' : action?.kind === 'reset-code' ? 'Send code' : 'Confirm'
        }
        busyText="Saving"
        tone={action?.kind === 'block' || (action?.kind === 'betting' && bettingOn) ? 'danger' : 'primary'}
        reason={
          action?.kind === 'block' ? { label: 'Reason (kept in the audit log)', minLength: 3 } : undefined
        }
        onConfirm={async (reason) => {
          const id = player.id;
          if (action?.kind === 'betting')
            await after(
              () => call(endpoints.adminBettingStatus, { id, betting_status: bettingOn ? '0' : '1' }),
              {
                success: ({ betting_status }) =>
                  `Betting is ${betting_status === '1' ? 'on' : 'off'} for ${player.user_name}`,
                refresh,
              },
            );
          else if (action?.kind === 'transfers')
            await after(
              () => call(endpoints.adminTransferStatus, { id, transfer_allowed: !player.transfer_allowed }),
              {
                success: ({ transfer_allowed }) =>
                  `Transfers ${transfer_allowed ? 'allowed' : 'stopped'} for ${player.user_name}`,
                refresh,
              },
            );
          else if (action?.kind === 'block')
            await after(() => call(endpoints.adminBlock, { id, reason }), {
              success: `${player.user_name} is blocked and signed out`,
              refresh,
            });
          else if (action?.kind === 'unblock')
            await after(() => call(endpoints.adminUnblock, { id }), {
              success: `${player.user_name} may sign in again`,
              refresh,
            });
          else if (action?.kind === 'sign-out')
            await after(() => call(endpoints.adminSignOut, { id }), {
              success: ({ sessions_ended }) => `${sessions_ended} sessions of ${player.user_name} ended`,
              refresh,
            });
          else if (action?.kind === 'reset-code')
            await after(() => call(endpoints.adminResetCode, { id }), {
              success: ({ mobile }) => `Reset code sent to ${maskMobile(mobile)}`,
              refresh,
            });
        }}
      >
        <p>
          {action?.kind === 'betting' &&
            (bettingOn
              ? `${who} will no longer be able to bid; bids still in flight are refused.`
              : `${who} will be able to bid again.`)}
          {action?.kind === 'transfers' &&
            (player.transfer_allowed
              ? `${who} will no longer be able to send points to other players.`
              : `${who} will be able to send points to other players.`)}
          {action?.kind === 'block' &&
            `${who} will be signed out everywhere and cannot sign in; money calls in flight are refused.`}
          {action?.kind === 'unblock' && `${who} will be able to sign in again.`}
          {action?.kind === 'sign-out' && `Every session of ${who} ends now, on every device.`}
          {action?.kind === 'reset-code' &&
            `Text ${who} a password-reset code, as Forgot Password in the app does.`}
        </p>
      </ConfirmDialog>
    </Panel>
  );
}

function Adjust({
  player,
  who,
  onClose,
  onSubmit,
}: {
  player: Player;
  who: string;
  onClose: () => void;
  onSubmit: (points: number, reason: string) => Promise<unknown>;
}) {
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();
  const [reasonError, setReasonError] = useState<string | undefined>();
  const points = Number(amount);
  const valid = /^\d{1,9}$/.test(amount) && points > 0;
  const effect = valid
    ? direction === 'credit'
      ? `Credit ${formatWholePoints(points)} points to ${who}`
      : `Debit ${formatWholePoints(points)} points from ${who}`
    : null;

  return (
    <FormDialog
      open
      onClose={onClose}
      title="Credit or debit"
      submitLabel={effect ?? (direction === 'credit' ? 'Credit' : 'Debit')}
      busyText={direction === 'credit' ? 'Crediting' : 'Debiting'}
      tone={direction === 'credit' ? 'money' : 'danger'}
      onSubmit={async (form) => {
        if (!valid) {
          setAmountError('Enter a whole number of points above 0');
          (form.elements.namedItem('points') as HTMLElement | null)?.focus();
          return false;
        }
        if (reason.trim().length < 3) {
          setReasonError('Give a reason of at least 3 characters');
          (form.elements.namedItem('reason') as HTMLElement | null)?.focus();
          return false;
        }
        await onSubmit(direction === 'credit' ? points : -points, reason.trim());
        return true;
      }}
    >
      <p className={styles.muted}>
        Wallet now <Money paise={player.wallet_paise} /> points. Every adjustment is a ledger journal and an
        audit entry.
      </p>
      <SelectField
        label="Direction"
        value={direction}
        onValueChange={(v) => setDirection(v === 'debit' ? 'debit' : 'credit')}
        options={[
          { value: 'credit', label: 'Credit (money in)' },
          { value: 'debit', label: 'Debit (money out)' },
        ]}
      />
      <TextField
        label="Points"
        name="points"
        inputMode="numeric"
        value={amount}
        error={amountError}
        onValueChange={(v) => {
          setAmount(v.replace(/\D/g, '').slice(0, 9));
          setAmountError(undefined);
        }}
      />
      <TextField
        label="Reason"
        name="reason"
        value={reason}
        error={reasonError}
        onValueChange={(v) => {
          setReason(v);
          setReasonError(undefined);
        }}
      />
      {effect && (
        <p className={styles.effect} aria-live="polite">
          {effect}.
        </p>
      )}
    </FormDialog>
  );
}
