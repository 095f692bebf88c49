import { formatPaise } from '@gama/core/rules/money';
import { Button } from '@gama/ui/Button';
import { Skeleton } from '@gama/ui/Skeleton';
import { Copy, Share2 } from 'lucide-react';
import { useRef } from 'react';
import { Card, Page } from '../../components/Page.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { copyText } from '../../lib/clipboard.ts';
import { useT } from '../../lib/i18n/use-t.ts';
import { toast } from '../../lib/toast.ts';
import { useMyReferrals } from './api.ts';
import { shareLink, shareOrCopy } from './share.ts';
import styles from './Referrals.module.css';

/**
 * Refer friends: the player's code and share link (the phone's share sheet, else the clipboard, else the link
 * selected to copy by hand), how many players it brought and what it earned.
 */
export default function ReferralsScreen() {
  const t = useT();
  const mine = useMyReferrals();
  const linkRef = useRef<HTMLInputElement>(null);

  if (mine.isPending) {
    return (
      <Page title={t('Refer friends')}>
        <Skeleton height={260} radius={12} />
      </Page>
    );
  }
  if (mine.isError) {
    return (
      <Page title={t('Refer friends')}>
        <p role="alert">{t.fromServer(errorMessage(mine.error))}</p>
      </Page>
    );
  }
  const data = mine.data;
  const link = shareLink(data.code);
  const selectLink = () => {
    linkRef.current?.focus();
    linkRef.current?.select();
  };
  const copied = (ok: boolean, done: 'Link copied' | 'Code copied') => {
    if (ok) toast.success(t(done));
    else {
      toast.error(t('Could not copy. Select the link and copy it.'));
      selectLink();
    }
  };
  const share = async () => {
    const outcome = await shareOrCopy({
      title: t('Refer friends'),
      text: t('Join me on Gama. Register with my referral code {code}.', { code: data.code }),
      url: link,
    });
    if (outcome === 'copied') copied(true, 'Link copied');
    if (outcome === 'failed') copied(false, 'Link copied');
  };

  return (
    <Page title={t('Refer friends')}>
      <Card className={styles.card}>
        {data.on ? (
          <p className={styles.offer}>
            {t('You get {points} points when a friend you invite has their first deposit approved.', {
              points: formatPaise(data.reward_paise),
            })}
            {data.new_player_reward_paise > 0 && (
              <>
                {' '}
                {t('Your friend gets {points} points with their first approved deposit.', {
                  points: formatPaise(data.new_player_reward_paise),
                })}
              </>
            )}
          </p>
        ) : (
          <p className={styles.paused} role="status">
            {t('Referrals are paused right now. Your code will work again when they reopen.')}
          </p>
        )}
        <p className={styles.label} id="referral-code-label">
          {t('Your referral code')}
        </p>
        <p className={styles.code} aria-labelledby="referral-code-label" data-testid="referral-code">
          {data.code}
        </p>
        <label className={styles.label} htmlFor="referral-link">
          {t('Share link')}
        </label>
        <input
          id="referral-link"
          ref={linkRef}
          className={styles.link}
          value={link}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
        />
        <div className={styles.actions}>
          <Button block large icon={<Share2 size={20} aria-hidden="true" />} onClick={() => void share()}>
            {t('Share link')}
          </Button>
          <div className={styles.pair}>
            <Button
              variant="outline"
              icon={<Copy size={18} aria-hidden="true" />}
              onClick={() => void copyText(link).then((ok) => copied(ok, 'Link copied'))}
            >
              {t('Copy link')}
            </Button>
            <Button
              variant="outline"
              icon={<Copy size={18} aria-hidden="true" />}
              onClick={() => void copyText(data.code).then((ok) => copied(ok, 'Code copied'))}
            >
              {t('Copy code')}
            </Button>
          </div>
        </div>
      </Card>
      <Card>
        <dl className={styles.stats}>
          <div>
            <dt>{t('Players you brought')}</dt>
            <dd data-testid="referrals-brought">{t.number(data.brought)}</dd>
          </div>
          <div>
            <dt>{t('Rewards earned')}</dt>
            <dd data-testid="referrals-rewarded">{t.number(data.rewarded)}</dd>
          </div>
          <div>
            <dt>{t('Points earned')}</dt>
            <dd data-testid="referrals-earned">{formatPaise(data.earned_paise)}</dd>
          </div>
        </dl>
        {data.in_review > 0 && (
          <p className={styles.review}>{t('Waiting for review: {n}', { n: t.number(data.in_review) })}</p>
        )}
      </Card>
    </Page>
  );
}
