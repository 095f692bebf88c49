import type { PushPreferences } from '@gama/core/endpoints/push/index';
import type { Text } from '@gama/core/i18n/texts';
import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@gama/ui/Button';
import { useT } from '../../lib/i18n/use-t.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { usePushPreferences, usePushState, useSavePreferences, useTurnOff, useTurnOn } from './push.ts';
import styles from './Notifications.module.css';

const KINDS: [keyof PushPreferences, Text][] = [
  ['results', 'Results of markets you bid on'],
  ['money', 'Deposits and withdrawals'],
  ['support', 'Support replies'],
  ['offers', 'Offers and notices from Gama'],
];

/** Alerts on this phone: turned on by the player's tap, and the kinds they want. */
export function PushSettings() {
  const t = useT();
  const [state, setState] = usePushState();
  const preferences = usePushPreferences(state === 'on');
  const save = useSavePreferences();
  // The switch shows the tap at once and keeps it while the server saves it; a refusal puts the saved value back.
  const [draft, setDraft] = useState<PushPreferences | null>(null);
  const turnOn = useTurnOn();
  const turnOff = useTurnOff();
  if (state === null) return null;
  const failed = () => toast.error(t('Could not turn on alerts. Please try again.'));
  return (
    <section className={styles.push} aria-labelledby="push-title" data-push-state={state}>
      <h2 id="push-title" className={styles.pushTitle}>
        <BellRing size={20} aria-hidden="true" />
        {t('Alerts on this phone')}
      </h2>
      {state === 'unsupported' ? (
        <p className={styles.detail}>
          {t('This browser cannot show alerts. Add Gama to your home screen and open it from there.')}
        </p>
      ) : state === 'denied' ? (
        <p className={styles.detail}>
          {t(
            'Alerts are blocked for Gama. Allow notifications for this site in your browser settings, then come back.',
          )}
        </p>
      ) : state === 'off' ? (
        <>
          <p className={styles.detail}>
            {t(
              'Get an alert on this phone when a result is declared on a market you bid on, when money moves, or when support replies, even with the app closed.',
            )}
          </p>
          <Button
            block
            busy={turnOn.isPending}
            onClick={() => turnOn.mutate(undefined, { onSuccess: setState, onError: failed })}
          >
            {t('Turn on alerts')}
          </Button>
        </>
      ) : (
        <>
          <p className={styles.detail}>{t('Alerts are on for this phone.')}</p>
          {preferences.data && (
            <fieldset className={styles.kinds} disabled={save.isPending}>
              {KINDS.map(([kind, label]) => (
                <label key={kind} className={styles.kind}>
                  <input
                    type="checkbox"
                    name={kind}
                    checked={(draft ?? preferences.data.preferences)[kind]}
                    onChange={(event) => {
                      const next = { ...preferences.data.preferences, [kind]: event.target.checked };
                      setDraft(next);
                      save.mutate(next, {
                        onSuccess: () => toast.success(t('Alert settings saved')),
                        onError: (error) => toast.error(errorMessage(error)),
                        onSettled: () => setDraft(null),
                      });
                    }}
                  />
                  {t(label)}
                </label>
              ))}
            </fieldset>
          )}
          <Button
            variant="outline"
            block
            busy={turnOff.isPending}
            onClick={() => turnOff.mutate(undefined, { onSuccess: setState })}
          >
            {t('Turn off alerts on this phone')}
          </Button>
        </>
      )}
    </section>
  );
}
