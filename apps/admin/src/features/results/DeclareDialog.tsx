import { endpoints } from '@gama/core/endpoints';
import type { Answer } from '@gama/core/endpoints/define';
import { Button } from '@gama/ui/Button';
import { Dialog } from '@gama/ui/Dialog';
import { TextField } from '@gama/ui/Field';
import { formatPoints } from '@gama/core/rules/money';
import { countOf } from '@gama/ui/plural';
import { useSingleFlight } from '@gama/ui/use-single-flight';
import type { QueryKey } from '@tanstack/react-query';
import { CircleAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { call, errorMessage } from '../../lib/api-client.ts';
import { formatDay } from '../../lib/format.ts';
import { useAfterAction } from '../../shared/use-action.ts';
import { drawName, halfInput } from './labels.ts';
import type { DrawTarget } from './ResultsScreen.tsx';
import styles from './ResultsScreen.module.css';

type Preview = Answer<typeof endpoints.resultsPreview>;

/**
 * Declare in two steps: the value and its preview (winners, payout, house result) first, nothing moving; then
 * the declaration, with the preview's numbers in the confirmation's words. Changing the value drops the preview.
 */
export function DeclareDialog({
  target,
  twoPerson,
  onClose,
  refresh,
}: {
  target: DrawTarget;
  twoPerson: boolean;
  onClose: () => void;
  refresh: QueryKey[];
}) {
  const { market, draw, date } = target;
  const after = useAfterAction();
  const [value, setValue] = useState('');
  const [preview, setPreview] = useState<{ value: string; figures: Preview } | null>(null);
  const [busy, setBusy] = useState<'preview' | 'declare' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const body = { market_id: market.market_id, date, half: halfInput(draw.half), value };
  const name = drawName(market.name, draw.half, market.group);

  const runPreview = useSingleFlight(async () => {
    setBusy('preview');
    setError(null);
    try {
      setPreview({ value, figures: await call(endpoints.resultsPreview, body) });
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(null);
    }
  });

  const declare = useSingleFlight(async () => {
    setBusy('declare');
    setError(null);
    try {
      await after(() => call(endpoints.resultsDeclare, body), {
        success: (answer) =>
          answer.state === 'pending_approval'
            ? `${value} for ${name} waits for a second operator's approval`
            : `${value} declared for ${name}: ${countOf(answer.wins, 'winning bid')} paid`,
        refresh,
      });
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(null);
    }
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    if (!/^\d{1,3}$/.test(value)) {
      setError('Enter the result: 1 to 3 digits');
      return;
    }
    void runPreview();
  };

  const shown = preview && preview.value === value ? preview.figures : null;

  return (
    <Dialog open onClose={onClose} title={`Declare ${name}`}>
      <div className={styles.declare}>
        <p className={styles.muted}>
          {formatDay(date)} · draw at {draw.draw_time} · {countOf(draw.pending_bids, 'pending bid')}
        </p>
        <form onSubmit={submit} noValidate className={styles.declareForm} aria-label="Result value">
          <TextField
            label="Result"
            name="value"
            inputMode="numeric"
            autoComplete="off"
            data-autofocus
            value={value}
            onValueChange={(text) => setValue(text.replace(/\D/g, '').slice(0, 3))}
          />
          <Button type="submit" variant="outline" busy={busy === 'preview'} busyText="Previewing">
            Preview
          </Button>
        </form>
        {shown && (
          <div className={styles.preview} aria-live="polite">
            <dl>
              <div>
                <dt>Winning bids</dt>
                <dd className="tabular">
                  {shown.winners} of {shown.bids}
                </dd>
              </div>
              <div>
                <dt>Payout</dt>
                <dd className="tabular money-out">{formatPoints(shown.payout_paise)}</dd>
              </div>
              <div>
                <dt>Stakes</dt>
                <dd className="tabular">{formatPoints(shown.stakes_paise)}</dd>
              </div>
              <div>
                <dt>House result</dt>
                <dd className={`tabular ${shown.house_paise < 0 ? 'money-out' : 'money-in'}`}>
                  {formatPoints(shown.house_paise)}
                </dd>
              </div>
            </dl>
            <p>
              Declare <strong>{value}</strong> as <strong>{name}</strong> for {formatDay(date)}:{' '}
              <strong>{countOf(shown.winners, 'winning bid')}</strong>,{' '}
              <strong>{formatPoints(shown.payout_paise)} points</strong> payout.
              {twoPerson ? ' Nothing is paid until a second operator approves it.' : ' It is paid at once.'}
            </p>
          </div>
        )}
        {error && (
          <p className={styles.error} role="alert">
            <CircleAlert size={16} aria-hidden="true" />
            {error}
          </p>
        )}
        <div className={styles.dialogActions}>
          <Button variant="outline" onClick={onClose} disabled={busy !== null}>
            Cancel
          </Button>
          <Button
            variant="money"
            disabled={!shown}
            busy={busy === 'declare'}
            busyText="Declaring"
            onClick={() => void declare()}
          >
            {twoPerson ? 'Declare for approval' : 'Declare and pay'}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
