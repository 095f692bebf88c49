import type { BetType } from '@gama/core/rules/bet-types';
import type { SpDpTpChoice } from '@gama/core/rules/expansions';
import { bidMessages as m } from '@gama/core/rules/messages';
import { formatPaise, parsePaiseText, subtractPaise } from '@gama/core/rules/money';
import { sessionLabel, type Session } from '@gama/core/rules/sessions';
import { validateBidEntry } from '@gama/core/rules/validate-entry';
import { CalendarDays, CirclePlus, Send, Trash2, TriangleAlert, Wallet } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast.ts';
import { useT, type Translate } from '../../lib/i18n/use-t.ts';
import { Button } from '@gama/ui/Button';
import { TextField } from '@gama/ui/Field';
import { Dialog } from '@gama/ui/Dialog';
import { Card, Form, Page } from '../../components/Page.tsx';
import { useSingleFlight } from '@gama/ui/use-single-flight';
import { ApiError } from '../../lib/api-client.ts';
import { profileResource, useProfile } from '../../lib/profile.ts';
import { inputsOf, rowLabel, type InputSpec } from './entry-fields.ts';
import { newIdempotencyKey } from './idempotency-key.ts';
import { isOpenTimePassed, useMarketClock } from './market-clock.ts';
import type { BidNavState } from './nav-state.ts';
import { slipAfterSubmit } from './slip.ts';
import { buildSubmissions, gameTypeOf, sendSubmission, type BidEntry } from './submission.ts';
import styles from './BidScreen.module.css';

export interface BidScreenProps {
  /** The catalogue entry (`BET_TYPES.single_digit`, `betTypesOf('starline')[0]`, …): fields, sessions, rules. */
  betType: BetType;
  /** The market from navigation state (see `readBidNavState`). */
  market: BidNavState;
  /** Heading; the bet-type label when omitted. */
  title?: string;
}

const ALL_LISTS: SpDpTpChoice = { single: true, double: true, triple: true };
const LIST_NAMES = [
  ['single', 'SP'],
  ['double', 'DP'],
  ['triple', 'TP'],
] as const;

const onlyDigits = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);
const sumCost = (entries: readonly BidEntry[]) => entries.reduce((sum, entry) => sum + entry.costPaise, 0);
const countRows = (entries: readonly BidEntry[]) =>
  entries.reduce((sum, entry) => sum + entry.rows.length, 0);

/**
 * The one bid builder (spec 02 sections 2 and 4): every main, Starline and Gali bid screen is this
 * component with a different catalogue entry. Rules and messages come from core `validateBidEntry`.
 */
export function BidScreen({ betType, market, title }: BidScreenProps) {
  const t = useT();
  const clock = useMarketClock();
  const profile = useProfile();

  const hasBothSessions = betType.sessions.length > 1;
  const openPassed = isOpenTimePassed(market.openTime, clock.minutes);
  const [chosenSession, setChosenSession] = useState<Session>(betType.sessions[0] ?? 'open');
  // Derived, not stored: a screen left open across the open time moves to Close by itself.
  const session: Session = hasBothSessions && openPassed ? 'close' : chosenSession;

  const [digit, setDigit] = useState('');
  const [closeDigit, setCloseDigit] = useState('');
  const [points, setPoints] = useState('');
  const [lists, setLists] = useState<SpDpTpChoice>(ALL_LISTS);
  const [entries, setEntriesState] = useState<BidEntry[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  // One key per submission of this exact list: a retry after a lost answer replays instead of paying twice.
  const keys = useRef(new Map<string, string>());

  // Set when a Confirm placed only part of the slip: what it took, said until the slip changes again.
  const [partly, setPartly] = useState<{ rows: number; paise: number } | null>(null);

  const setEntries = (next: BidEntry[]) => {
    keys.current.clear();
    setPartly(null);
    setEntriesState(next);
  };

  const wallet = parsePaiseText(profile.data?.wallet_amt);
  const balance = wallet === null ? null : subtractPaise(wallet, sumCost(entries));
  const inputs = inputsOf(betType, session);

  const proceed = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validateBidEntry(betType, {
      digit,
      closeDigit: inputs.close ? closeDigit : undefined,
      points,
      session: hasBothSessions ? session : undefined,
      balancePaise: balance ?? 0,
      ...(betType.expansion === 'sp_dp_tp' ? { lists } : {}),
    });
    if (!result.ok) {
      toast.error(result.message, { id: 'bid-entry' });
      return;
    }
    setEntries([
      ...entries,
      {
        id: newIdempotencyKey(),
        session: result.session,
        digits: result.digits,
        closeDigits: result.closeDigits,
        points: result.points,
        rows: result.rows.map((row) => row.digits),
        costPaise: result.costPaise,
      },
    ]);
    setDigit('');
    setCloseDigit('');
    setPoints('');
    const first = event.currentTarget.elements.namedItem('digit');
    if (first instanceof HTMLInputElement) first.focus();
  };

  const openConfirmation = () => {
    if (balance !== null && balance < 0) {
      toast.error(m.notEnoughBalance, { id: 'bid-entry' });
      return;
    }
    setConfirming(true);
  };

  const submitAll = useSingleFlight(async () => {
    setSubmitting(true);
    const submissions = buildSubmissions(betType, entries);
    const outcomes = await Promise.allSettled(
      submissions.map((submission) => {
        const key = keys.current.get(submission.label) ?? newIdempotencyKey();
        keys.current.set(submission.label, key);
        return sendSubmission(betType.group, market, clock.bidDate, submission, key);
      }),
    );
    setSubmitting(false);
    setConfirming(false);

    const after = slipAfterSubmit(betType, entries, submissions, outcomes);
    const lastWallet = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value.wallet_amt] : [])).at(-1);
    if (lastWallet !== undefined) {
      profileResource.set((old) => (old ? { ...old, wallet_amt: lastWallet } : old));
    }
    if (after.placedRows > 0) profileResource.invalidate();

    if (after.failure === null && after.entries.length === 0) {
      setEntries([]);
      toast.success(m.bidPlaced, { id: 'bid-result' });
      return;
    }
    // What the server took leaves the list so nothing is bid twice; what it left out stays, marked.
    if (after.placedRows > 0 || after.refusedRows > 0) {
      setEntries(after.entries);
      if (after.placedRows > 0) setPartly({ rows: after.placedRows, paise: after.placedPaise });
    }
    if (after.failure === null) {
      toast.success(m.bidPlaced, {
        id: 'bid-result',
        description: `${placedText(t, after.placedRows, after.placedPaise)} ${notPlacedText(t, countRows(after.entries))}`,
      });
      return;
    }
    toast.error(m.bidFailed, {
      id: 'bid-result',
      description: after.failure instanceof ApiError ? t.fromServer(after.failure.message) : undefined,
    });
  });

  const remove = (id: string) => setEntries(entries.filter((entry) => entry.id !== id));
  const totalRows = countRows(entries);
  const totalPoints = formatPaise(sumCost(entries));

  return (
    <Page title={title ?? betType.label}>
      <div className={styles.meta}>
        <span className={styles.market}>{market.gameName}</span>
        {/* The wallet itself is the header chip; here only what this slip would leave of it, labelled. */}
        {entries.length > 0 && balance !== null && (
          <span
            className={[styles.afterSlip, balance < 0 && styles.afterSlipShort].filter(Boolean).join(' ')}
            data-testid="bid-balance"
          >
            <Wallet size={16} aria-hidden="true" />
            {t('After this slip: {points} pts', { points: formatPaise(balance) })}
          </span>
        )}
      </div>

      <Card>
        <Form onSubmit={proceed}>
          <TextField
            label={t('Date')}
            name="bid-date"
            value={t.specDate(clock.bidDate)}
            onValueChange={() => undefined}
            readOnly
            icon={<CalendarDays size={18} />}
          />
          {hasBothSessions && (
            <fieldset className={styles.sessions}>
              <legend className={styles.legend}>{t('Session')}</legend>
              {betType.sessions.map((option) => (
                <label
                  key={option}
                  className={[styles.radio, option === session && styles.radioOn].filter(Boolean).join(' ')}
                >
                  <input
                    type="radio"
                    name="session"
                    value={option}
                    checked={option === session}
                    disabled={option === 'open' && openPassed}
                    onChange={() => setChosenSession(option)}
                  />
                  {sessionLabel(option)}
                </label>
              ))}
            </fieldset>
          )}
          {betType.expansion === 'sp_dp_tp' && (
            <fieldset className={styles.sessions}>
              <legend className={styles.legend}>{t('Panas')}</legend>
              {LIST_NAMES.map(([key, name]) => (
                <label
                  key={key}
                  className={[styles.radio, lists[key] && styles.radioOn].filter(Boolean).join(' ')}
                >
                  <input
                    type="checkbox"
                    name={key}
                    checked={lists[key]}
                    onChange={(event) => setLists({ ...lists, [key]: event.target.checked })}
                  />
                  {name}
                </label>
              ))}
            </fieldset>
          )}
          <NumberInput name="digit" spec={inputs.digit} value={digit} onValueChange={setDigit} />
          {inputs.close && (
            <NumberInput
              name="close-digit"
              spec={inputs.close}
              value={closeDigit}
              onValueChange={setCloseDigit}
            />
          )}
          <TextField
            label={t('Points')}
            name="points"
            value={points}
            onValueChange={(value) => setPoints(onlyDigits(value, 10))}
            inputMode="numeric"
            autoComplete="off"
            placeholder={t('Enter points')}
          />
          <Button type="submit" block large icon={<CirclePlus size={20} aria-hidden="true" />}>
            {t('Proceed')}
          </Button>
        </Form>
      </Card>

      {entries.length > 0 && (
        <section className={styles.list} aria-labelledby="bid-list-title">
          <div className={styles.listHead}>
            <h2 id="bid-list-title" className={styles.listTitle}>
              {t('Your bids')}
            </h2>
            <span className={styles.listTotal} data-testid="bid-total">
              {t(totalRows === 1 ? '{count} bid · {points} pts' : '{count} bids · {points} pts', {
                count: totalRows,
                points: totalPoints,
              })}
            </span>
          </div>
          {partly && (
            <p className={styles.partly} role="status" data-testid="bid-partly">
              {placedText(t, partly.rows, partly.paise)} {notPlacedText(t, totalRows)}
            </p>
          )}
          <ul className={styles.rows}>
            {entries.map((entry) => (
              <BidRowItem
                key={entry.id}
                entry={entry}
                betType={betType}
                onRemove={() => remove(entry.id)}
                t={t}
              />
            ))}
          </ul>
          <div className={styles.submitBar}>
            <Button
              block
              large
              variant="money"
              onClick={openConfirmation}
              icon={<Send size={20} aria-hidden="true" />}
            >
              {t('Submit')}
            </Button>
          </div>
        </section>
      )}

      <Dialog
        open={confirming}
        onClose={() => !submitting && setConfirming(false)}
        title={t('Confirm your bids')}
      >
        <dl className={styles.summary}>
          <SummaryRow term={t('Game name')} value={market.gameName} />
          <SummaryRow term={t('Game id')} value={String(market.gameId)} />
          <SummaryRow term="Pana" value={betType.id === 'dp_motor' ? 'Double Pana' : betType.label} />
          <SummaryRow term={t('Game type')} value={gameTypeOf(entries)} />
          <SummaryRow term={t('Date')} value={t.specDate(clock.bidDate)} />
          <SummaryRow term={t('Number of bids')} value={String(totalRows)} testId="confirm-count" />
          <SummaryRow
            term={t('Total points')}
            value={t('{points} pts', { points: totalPoints })}
            testId="confirm-total"
            strong
          />
        </dl>
        <p className={styles.warning}>
          <TriangleAlert size={18} aria-hidden="true" />
          {t(m.noCancelOncePlaced)}
        </p>
        <div className={styles.dialogActions}>
          <Button variant="outline" onClick={() => setConfirming(false)} disabled={submitting}>
            {t('CANCEL')}
          </Button>
          <Button onClick={() => void submitAll()} busy={submitting} busyText={t('Submitting...')}>
            {t('Confirm')}
          </Button>
        </div>
      </Dialog>
    </Page>
  );
}

function NumberInput({
  name,
  spec,
  value,
  onValueChange,
}: {
  name: string;
  spec: InputSpec;
  value: string;
  onValueChange: (value: string) => void;
}) {
  const listId = useId();
  const t = useT();
  return (
    <>
      <TextField
        label={spec.label}
        name={name}
        value={value}
        onValueChange={(typed) => {
          // Kept as typed: cutting "100" to "10" would bet on a number the player did not type. What the field
          // cannot take is said at once in the spec's words, and Proceed refuses it the same way.
          onValueChange(typed);
          if (typed.length > spec.maxLength || /\D/.test(typed)) {
            toast.error(m.numberNotValid(typed), { id: 'bid-entry' });
          }
        }}
        inputMode="numeric"
        autoComplete="off"
        placeholder={t('Enter {label}', {
          label: t.language === 'en' ? spec.label.toLowerCase() : spec.label,
        })}
        list={spec.suggestions.length > 0 ? listId : undefined}
      />
      {spec.suggestions.length > 0 && (
        <datalist id={listId}>
          {spec.suggestions.map((option) => (
            <option key={option} value={option} />
          ))}
        </datalist>
      )}
    </>
  );
}

function BidRowItem({
  entry,
  betType,
  onRemove,
  t,
}: {
  entry: BidEntry;
  betType: BetType;
  onRemove: () => void;
  t: Translate;
}) {
  const expanded = betType.expansion !== 'none';
  const close = inputsOf(betType, entry.session).close;
  return (
    <li
      className={[styles.row, entry.refusals && styles.rowRefused].filter(Boolean).join(' ')}
      data-testid="bid-row"
    >
      <div className={styles.rowMain}>
        <span className={styles.session}>{sessionLabel(entry.session)}</span>
        <span className={styles.rowNumbers}>
          <span className={styles.rowLabel}>{rowLabel(betType, entry.session)}</span>
          <strong className={styles.rowDigits}>{entry.digits}</strong>
          {close && entry.closeDigits !== '' && (
            <>
              <span className={styles.rowLabel}>{close.label}</span>
              <strong className={styles.rowDigits}>{entry.closeDigits}</strong>
            </>
          )}
        </span>
        <span className={styles.rowPoints}>
          {expanded ? `${entry.points} x ${entry.rows.length} = ` : ''}
          {t('{points} pts', { points: formatPaise(entry.costPaise) })}
        </span>
        <button
          type="button"
          className={styles.delete}
          onClick={onRemove}
          aria-label={t('Delete bid {number}', { number: entry.digits })}
        >
          <Trash2 size={20} aria-hidden="true" />
        </button>
      </div>
      {expanded && (
        <p className={styles.panas} data-testid="bid-panas">
          {entry.rows.join(' ')}
        </p>
      )}
      {entry.refusals?.map((message) => (
        <p key={message} className={styles.refusal} data-testid="bid-refusal">
          <TriangleAlert size={16} aria-hidden="true" />
          {t.fromServer(message)}
        </p>
      ))}
    </li>
  );
}

function SummaryRow({
  term,
  value,
  testId,
  strong,
}: {
  term: string;
  value: string;
  testId?: string;
  strong?: boolean;
}) {
  return (
    <div className={styles.summaryRow}>
      <dt>{term}</dt>
      <dd data-testid={testId} className={strong ? styles.strong : undefined}>
        {value}
      </dd>
    </div>
  );
}

/** What a partly placed slip says it took, and what it kept. */
function placedText(t: Translate, rows: number, paise: number): string {
  const values = { count: rows, points: formatPaise(paise) };
  return rows === 1
    ? t('Placed {count} bid for {points} pts.', values)
    : t('Placed {count} bids for {points} pts.', values);
}

function notPlacedText(t: Translate, rows: number): string {
  return rows === 1
    ? t('1 bid was not placed and stays in your list.')
    : t('{count} bids were not placed and stay in your list.', { count: rows });
}
