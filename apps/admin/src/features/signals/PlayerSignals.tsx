import { endpoints } from '@gama/core/endpoints';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Panel } from '../../components/PageHeader.tsx';
import { StatusPill } from '../../components/StatusPill.tsx';
import { call } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { Loaded } from '../../shared/Loaded.tsx';
import { kindLabel, statusLabel, statusTone } from './labels.ts';
import styles from './PlayerSignals.module.css';

/**
 * A player's links to other players (what they share, within the owner's window) and the risk flags that name
 * them, on the player's page. Reviews happen on the risk queue; this panel says what there is and why.
 */
export function PlayerSignals({ playerId }: { playerId: number }) {
  const signals = useQuery({
    queryKey: ['player', playerId, 'signals'],
    queryFn: ({ signal }) => call(endpoints.adminPlayerSignals, { id: playerId }, { signal }),
  });
  return (
    <Panel title="Links and risk flags">
      <Loaded query={signals} height={80} radius={8}>
        {(data) => (
          <div className={styles.columns}>
            <section aria-labelledby={`links-${playerId}`}>
              <h3 id={`links-${playerId}`} className={styles.heading}>
                Linked players (last {data.window_days} days)
              </h3>
              {data.links.length === 0 ? (
                <p className={styles.none}>
                  No other player shares a device, address, payout number or UPI id.
                </p>
              ) : (
                <ul className={styles.list}>
                  {data.links.map((link) => (
                    <li key={link.player.id}>
                      <Link to={`/players/${link.player.id}`}>
                        {link.player.user_name} <span className="tabular">{link.player.mobile}</span>
                      </Link>
                      <span className={styles.reasons}>{link.reasons.join('; ')}</span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section aria-labelledby={`flags-${playerId}`}>
              <h3 id={`flags-${playerId}`} className={styles.heading}>
                Flags
              </h3>
              {data.flags.length === 0 ? (
                <p className={styles.none}>No flag names this player.</p>
              ) : (
                <ul className={styles.list}>
                  {data.flags.map((flag) => (
                    <li key={flag.id}>
                      <span>
                        <StatusPill tone={statusTone[flag.status]}>{statusLabel[flag.status]}</StatusPill>{' '}
                        {kindLabel[flag.kind]} #{flag.id}, {formatDateTime(flag.created_at)}
                      </span>
                      <span className={styles.reasons}>{flag.reason}</span>
                      {flag.reviewed_by && (
                        <span className={styles.reasons}>
                          {statusLabel[flag.status]} by {flag.reviewed_by.username}: {flag.review_note}
                        </span>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        )}
      </Loaded>
    </Panel>
  );
}
