import type { endpoints } from '@gama/core/endpoints';
import type { Answer } from '@gama/core/endpoints/define';
import { EmptyState } from '../../components/ErrorNotice.tsx';
import { Money } from '../../components/Money.tsx';
import { PayoutBar } from '../../components/PayoutBar.tsx';
import { StatusPill } from '../../components/StatusPill.tsx';
import { numberOf } from '../../lib/labels.ts';
import { countOf, groupNames, halfNames, marketTime } from './labels.ts';
import styles from './NextDraws.module.css';

type Draw = Answer<typeof endpoints.dashboard>['next_draws'][number];

/**
 * Each coming draw with its costliest numbers: a bar per number for what it would pay, against a mark at the
 * draw's pending stakes (past the mark the house loses on that number).
 */
export function NextDraws({ draws }: { draws: readonly Draw[] }) {
  if (draws.length === 0) return <EmptyState>Every draw of today has its result.</EmptyState>;
  const withBids = draws.filter((draw) => draw.bids > 0);
  // Draws without bids: those past their time still need a result; the rest are only listed on request.
  const waiting = draws.filter((draw) => draw.bids === 0 && draw.status === 'awaiting_result');
  const quiet = draws.filter((draw) => draw.bids === 0 && draw.status === 'open');
  return (
    <>
      {withBids.length > 0 && (
        <ul className={styles.grid}>
          {withBids.map((draw) => (
            <li key={drawKey(draw)}>
              <DrawCard draw={draw} />
            </li>
          ))}
        </ul>
      )}
      {waiting.length > 0 && (
        <div className={styles.quiet}>
          <h3 className={styles.quietTitle}>Waiting for a result, no bids</h3>
          <QuietList draws={waiting} />
        </div>
      )}
      {quiet.length > 0 && (
        <details className={styles.quiet}>
          <summary className={styles.quietTitle}>
            {countOf(quiet.length, 'more draw')} taking bids, none placed yet
          </summary>
          <QuietList draws={quiet} />
        </details>
      )}
    </>
  );
}

function QuietList({ draws }: { draws: readonly Draw[] }) {
  return (
    <ul className={styles.quietList}>
      {draws.map((draw) => (
        <li key={drawKey(draw)} className={draw.status === 'open' ? undefined : styles.waiting}>
          <strong>{draw.market_name}</strong> {drawName(draw)}{' '}
          <span className="tabular">{marketTime(draw.draw_at)}</span>
        </li>
      ))}
    </ul>
  );
}

const drawKey = (draw: Draw) => `${draw.market_id}-${draw.date}-${draw.half}`;

/** "Open", "Close", or the group for a one-draw market. */
function drawName(draw: Draw): string {
  return draw.group === 'main' ? halfNames[draw.half] : groupNames[draw.group];
}

function DrawCard({ draw }: { draw: Draw }) {
  const staked = draw.pending_stakes_paise;
  const scale = Math.max(staked, ...draw.top_exposure.map((line) => line.payout_paise), 1);
  const title = `${draw.market_name} ${draw.group === 'main' ? halfNames[draw.half].toLowerCase() : 'draw'}`;
  return (
    <article className={styles.card} aria-label={title}>
      <header className={styles.head}>
        <div>
          <h3 className={styles.market}>{draw.market_name}</h3>
          <p className={styles.when}>
            {drawName(draw)} · <span className="tabular">{marketTime(draw.draw_at)}</span>
          </p>
        </div>
        {draw.status === 'open' ? (
          <StatusPill tone="info">Taking bids</StatusPill>
        ) : (
          <StatusPill tone="warning">Awaiting result</StatusPill>
        )}
      </header>
      <p className={styles.totals}>
        <span>
          <span className="tabular">{countOf(draw.bids, 'bid')}</span>
        </span>
        <span>
          <Money paise={draw.pending_stakes_paise} /> staked
        </span>
      </p>
      {draw.top_exposure.length > 0 && (
        <ol className={styles.lines} aria-label={`Costliest numbers for ${title}`}>
          {draw.top_exposure.map((line) => {
            const payout = line.payout_paise;
            const loses = payout > staked;
            return (
              <li key={`${line.bet_type}-${line.session}-${line.digits}-${line.close_digits}`}>
                <span className={styles.number}>
                  <strong className="tabular">{numberOf(line)}</strong> {line.bet_label}
                </span>
                <PayoutBar className={styles.track} payout={payout} stakes={staked} scale={scale} />
                <span className={[styles.payout, loses && 'money-out'].filter(Boolean).join(' ')}>
                  pays <Money paise={line.payout_paise} />
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </article>
  );
}
