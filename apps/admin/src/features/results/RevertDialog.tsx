import { endpoints } from '@gama/core/endpoints';
import { formatPoints } from '@gama/core/rules/money';
import { countOf } from '@gama/ui/plural';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { call } from '../../lib/api-client.ts';
import { formatDay } from '../../lib/format.ts';
import { useAfterAction } from '../../shared/use-action.ts';
import { Loaded } from '../../shared/Loaded.tsx';
import { drawName, halfInput, halfLabel } from './labels.ts';
import type { DrawTarget } from './ResultsScreen.tsx';
import styles from './ResultsScreen.module.css';

/** Revert after reading exactly what it reverses: the results, the winnings taken back, who goes into debt. */
export function RevertDialog({
  target,
  onClose,
  refresh,
}: {
  target: DrawTarget;
  onClose: () => void;
  refresh: QueryKey[];
}) {
  const { market, draw, date } = target;
  const after = useAfterAction();
  const draw_ = { market_id: market.market_id, date, half: halfInput(draw.half) };
  const preview = useQuery({
    queryKey: ['results', 'revert-preview', draw_],
    queryFn: ({ signal }) => call(endpoints.resultsRevertPreview, draw_, { signal }),
    staleTime: 0,
  });
  const name = drawName(market.name, draw.half, market.group);

  return (
    <ConfirmDialog
      open
      onClose={onClose}
      title={`Revert ${name}`}
      confirmLabel="Revert result"
      busyText="Reverting"
      tone="danger"
      reason={{ label: 'Reason (kept in the audit log)', minLength: 5 }}
      ready={preview.data !== undefined}
      onConfirm={async (reason) => {
        await after(() => call(endpoints.resultsRevert, { ...draw_, reason }), {
          success: (answer) =>
            'reverted' in answer
              ? `Reverted ${name}: ${answer.reverted.reduce((n, r) => n + r.reversed, 0)} wins taken back, bids open again`
              : `Revert of ${name} proposed: it waits for another operator's approval`,
          refresh,
        });
      }}
    >
      <Loaded query={preview} height={80}>
        {(revert) => (
          <div className={styles.revert}>
            <p>
              Revert{' '}
              <strong>{revert.results.map((r) => `${halfLabel(r.half)} ${r.value}`).join(' and ')}</strong> of{' '}
              <strong>{market.name}</strong> for {formatDay(date)}: take back{' '}
              <strong>{formatPoints(revert.take_back_paise)} points</strong> from{' '}
              {countOf(revert.winners, 'winning bid')} ({formatPoints(revert.from_wallets_paise)} from
              wallets, {formatPoints(revert.into_debt_paise)} into debt). {revert.bids} bids become pending
              again.
            </p>
            {revert.players_into_debt.length > 0 && (
              <ul className={styles.debtors}>
                {revert.players_into_debt.map((d) => (
                  <li key={d.player_id}>
                    {d.user_name} ({d.mobile}): balance {formatPoints(d.balance_paise)}, takes back{' '}
                    {formatPoints(d.take_back_paise)}, debt after {formatPoints(d.debt_after_paise)}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </Loaded>
    </ConfirmDialog>
  );
}
